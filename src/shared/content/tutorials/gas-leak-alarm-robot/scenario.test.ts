import { describe, expect, it } from 'vitest';
import type { ArduinoPin } from '#device/simulator/board.ts';
import type { Simulation } from '#device/simulator/simulation.ts';
import { lcdLines, nextSerialLine, runUntil } from '#test/scenario-steps.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "At every start it runs a self-test (both LEDs and a short beep), then
// blinks the green LED during the WARM_UP_SECONDS warm-up"; "WARNING starts at BASELINE +
// WARNING_ABOVE (100) and DANGER at BASELINE + DANGER_ABOVE (250)"; "SAFE lights the green LED;
// WARNING blinks the red LED slowly and beeps every 3 seconds; DANGER blinks fast and sounds the
// buzzer nonstop"; "The alarm should sound, then clear as the air clears".

const WARM_UP_MS = 120_000;
// As the tutorial wires them.
const RED_LED: ArduinoPin = 'D2';
const GREEN_LED: ArduinoPin = 'D3';
const BUZZER: ArduinoPin = 'D9';

/** Each time `pin` switches from now on, as [high, simulated ms]. */
function switchings(sim: Simulation, pin: ArduinoPin): [high: boolean, atMs: number][] {
  const seen: [boolean, number][] = [];
  sim.board.onPinChange(pin, (high, micros) => seen.push([high, micros / 1000]));
  return seen;
}

const sounding = (sim: Simulation) => sim.board.isHigh(BUZZER);

/** Powers the alarm on and skips its self-test's waits (and the warm-up, if asked). */
function powerOn(warmedUp: boolean): Simulation {
  const sim = simulate('gas-leak-alarm-robot');
  runUntil(sim, () => lcdLines(sim)[1] === 'Self-test...', 'the self-test screen');
  runUntil(sim, () => sounding(sim), 'the self-test beep');
  sim.fastForward(300);
  runUntil(sim, () => !sounding(sim), 'the end of the beep');
  sim.fastForward(700 + (warmedUp ? WARM_UP_MS : 0));
  nextSerialLine(sim);
  return sim;
}

/** Moves the gas slider and lets the alarm take a reading and show it (screen once a second). */
function breathe(sim: Simulation, ppm: number): string {
  sim.set('mq2', 'ppm', ppm);
  sim.fastForward(1_000);
  return nextSerialLine(sim);
}

const gasLevel = (line: string) => Number(/^Gas level: (\d+)$/.exec(line)?.[1]);

describe('Gas Leak Alarm Robot', () => {
  it('runs a self-test at every start: both LEDs and a short beep', () => {
    const sim = simulate('gas-leak-alarm-robot');
    const beep = switchings(sim, BUZZER);
    runUntil(sim, () => lcdLines(sim)[1] === 'Self-test...', 'the self-test screen');
    expect(lcdLines(sim)[0]).toBe('Gas Leak Alarm');
    runUntil(sim, () => sounding(sim), 'the self-test beep');
    sim.run(30);
    expect(sim.view('redLed')).toEqual({ kind: 'led', brightness: 1 });
    expect(sim.view('greenLed')).toEqual({ kind: 'led', brightness: 1 });
    expect(sim.view('buzzer')).toEqual({ kind: 'buzzer', sounding: true });
    runUntil(sim, () => !sounding(sim), 'the end of the beep', 400);
    const on = beep.find(([high]) => high)?.[1] ?? Number.NaN;
    const off = beep.find(([high, at]) => !high && at > on)?.[1] ?? Number.NaN;
    expect(off - on).toBeCloseTo(300, -1);
    expect(sim.board.isHigh(RED_LED)).toBe(true);
  });

  it('blinks the green LED during the WARM_UP_SECONDS (120 s) warm-up, when even gas cannot start the alarm', () => {
    const sim = powerOn(false);
    sim.set('mq2', 'ppm', 500);
    const green = switchings(sim, GREEN_LED);
    const beeps = switchings(sim, BUZZER);
    let line = '';
    for (let second = 0; second < 3; second++) line = breathe(sim, 500);
    expect(lcdLines(sim)[1]).toMatch(/^Warming up 11\ds$/);
    expect(gasLevel(line)).toBeGreaterThan(120 + 250);
    expect(green.length).toBeGreaterThanOrEqual(2);
    expect(beeps).toEqual([]);
    expect(sim.board.isHigh(RED_LED)).toBe(false);
  });

  it('after the warm-up (fast-forwarded), shows SAFE in fresh air with the green LED, at about BASELINE (120)', () => {
    const sim = powerOn(true);
    const level = gasLevel(breathe(sim, 0));
    expect(level).toBeGreaterThanOrEqual(110);
    expect(level).toBeLessThanOrEqual(130);
    expect(lcdLines(sim)).toEqual([`Gas level: ${level}`, 'SAFE']);
    sim.run(30);
    expect(sim.view('greenLed')).toEqual({ kind: 'led', brightness: 1 });
    expect(sim.view('redLed')).toEqual({ kind: 'led', brightness: 0 });
    expect(sim.view('buzzer')).toEqual({ kind: 'buzzer', sounding: false });
  });

  it('from BASELINE + 100 shows WARNING: the red LED blinks slowly and it beeps every 3 seconds', () => {
    const sim = powerOn(true);
    const level = gasLevel(breathe(sim, 30));
    expect(level).toBeGreaterThanOrEqual(120 + 100);
    expect(level).toBeLessThan(120 + 250);
    expect(lcdLines(sim)[1]).toBe('WARNING');
    expect(sim.board.isHigh(GREEN_LED)).toBe(false);

    // Half a second apart the red LED has changed (now / 500 % 2): looked at mid-way through each
    // half second, after the loop's reading and screen (up to about 60 ms).
    sim.fastForward(500 - (sim.millis % 500) + 200);
    sim.run(60);
    const red = sim.board.isHigh(RED_LED);
    sim.fastForward(500);
    sim.run(60);
    expect(sim.board.isHigh(RED_LED)).toBe(!red);

    // Just before the next multiple of 3 s on the sketch's clock: one 150 ms beep.
    const beeps = switchings(sim, BUZZER);
    sim.fastForward(3_000 - (sim.millis % 3_000) - 100);
    sim.run(400);
    expect(beeps.map(([high]) => high)).toEqual([true, false]);
    // The loop may be reading the sensor (about 25 ms) when the moment comes.
    const [on, off] = beeps;
    expect((off?.[1] ?? 0) - (on?.[1] ?? 0)).toBeGreaterThan(120);
    expect((off?.[1] ?? 0) - (on?.[1] ?? 0)).toBeLessThan(180);
    expect((on?.[1] ?? 0) % 3_000).toBeLessThan(30);
  });

  it('from BASELINE + 250 shows DANGER: the red LED blinks fast and the buzzer sounds nonstop; it clears as the air clears', () => {
    const sim = powerOn(true);
    breathe(sim, 0);
    expect(lcdLines(sim)[1]).toBe('SAFE');
    expect(gasLevel(breathe(sim, 100))).toBeGreaterThanOrEqual(120 + 250);
    expect(lcdLines(sim)[1]).toBe('DANGER!');
    const red = switchings(sim, RED_LED);
    const buzzer = switchings(sim, BUZZER);
    sim.run(400);
    expect(sounding(sim)).toBe(true);
    expect(buzzer).toEqual([]);
    // A fast blink: on and off every 100 ms.
    expect(red.length).toBeGreaterThanOrEqual(3);
    expect(sim.board.isHigh(GREEN_LED)).toBe(false);

    breathe(sim, 0);
    expect(lcdLines(sim)[1]).toBe('SAFE');
    sim.run(30);
    expect(sim.view('buzzer')).toEqual({ kind: 'buzzer', sounding: false });
    expect(sim.view('greenLed')).toEqual({ kind: 'led', brightness: 1 });
  });
});
