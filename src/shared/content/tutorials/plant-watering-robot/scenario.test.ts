import { describe, expect, it } from 'vitest';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "When the soil is dry, the relay switches the pump on for PUMP_TIME_MS (3 s);
// then the robot waits SOAK_TIME_MS (30 s) for the water to soak in. Wet soil never waters."
describe('Plant Watering Robot', () => {
  it('says it is ready on the serial monitor', () => {
    const sim = simulate('plant-watering-robot');
    sim.run(200);
    expect(sim.serial).toContain('Plant Watering Robot ready');
  });

  it('runs the pump for PUMP_TIME_MS (3 s) when the soil is dry, then waits for the soak', () => {
    const sim = simulate('plant-watering-robot');
    sim.set('soil', 'moisture', 5);
    sim.run(500);
    expect(sim.serial).toContain('(dry)');
    expect(sim.view('pump')).toEqual({ kind: 'pump', running: true });
    sim.run(2400);
    expect(sim.view('pump')).toEqual({ kind: 'pump', running: true });
    sim.run(400);
    expect(sim.view('pump')).toEqual({ kind: 'pump', running: false });
    expect(sim.serial).toContain('Pump OFF');
  });

  it('never runs the pump in wet soil', () => {
    const sim = simulate('plant-watering-robot');
    sim.set('soil', 'moisture', 80);
    for (let i = 0; i < 20; i++) {
      sim.run(100);
      expect(sim.view('pump')).toEqual({ kind: 'pump', running: false });
    }
    expect(sim.serial).toContain('(wet)');
    expect(sim.serial).not.toContain('Pump ON');
  });

  it('waters again only after the soak, which the fast-forward skips', () => {
    const sim = simulate('plant-watering-robot');
    sim.set('soil', 'moisture', 5);
    sim.run(3500);
    const waterings = () => sim.serial.split('Pump ON').length - 1;
    expect(waterings()).toBe(1);
    sim.run(2000);
    expect(waterings()).toBe(1);
    sim.fastForward(28_000);
    sim.run(1000);
    expect(waterings()).toBe(2);
  });
});
