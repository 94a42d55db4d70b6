import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { lcdLines, nextSerialLine, runUntil } from '#test/scenario-steps.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "watering starts below START_BELOW_PERCENT (35) and stops above
// STOP_ABOVE_PERCENT (50)"; "From HOT_DAY_C (30 °C) watering starts 10 % earlier"; "the pump runs in
// bursts of PUMP_BURST_MS (5 seconds), then waits SOAK_MS (1 minute) for the water to spread before
// it checks again"; "if the soil is still dry after MAX_BURSTS (6) bursts ... The sketch stops and
// shows CHECK TANK"; "showOnScreen() puts soil moisture, air temperature and air humidity on the top
// row and what the pump is doing on the bottom row".

const READ_EVERY_MS = 2_000;
const PUMP_BURST_MS = 5_000;
const SOAK_MS = 60_000;

/** Powers the robot on with the soil and the air as given, past setup's wait for the DHT11. */
function powerOn(soil: number, air: { celsius: number; humidity: number } = { celsius: 22, humidity: 50 }): Simulation {
  const sim = simulate('smart-irrigation-robot');
  sim.set('soil', 'moisture', soil);
  sim.set('dht', 'celsius', air.celsius);
  sim.set('dht', 'humidity', air.humidity);
  runUntil(sim, () => lcdLines(sim)[1] === 'Starting...', 'the start screen');
  sim.run(20); // the rest of the row, then setup's delay(1500)
  sim.fastForward(1_500);
  return sim;
}

/** Skips to the next reading (every READ_EVERY_MS): its Serial Plotter line, once the loop has acted on it. */
function nextRound(sim: Simulation, skipMs = READ_EVERY_MS): string {
  sim.fastForward(skipMs);
  const line = nextSerialLine(sim);
  sim.run(5);
  return line;
}

function pumpRunning(sim: Simulation): boolean {
  const view = sim.view('pump');
  return view.kind === 'pump' && view.running;
}

/** The relay's switchings from now on, as [on, simulated ms], so a burst between looks is not missed. */
function pumpSwitchings(sim: Simulation): [on: boolean, atMs: number][] {
  const switchings: [boolean, number][] = [];
  sim.board.onPinChange('D7', (high, micros) => switchings.push([high, micros / 1000]));
  return switchings;
}

describe('Smart Irrigation Robot', () => {
  it('shows soil moisture, air temperature and air humidity on the top row and the plan on the bottom row', () => {
    const sim = powerOn(60, { celsius: 24, humidity: 55 });
    expect(nextRound(sim)).toMatch(/^Reading:\d+,Moisture:60,Temperature:24,Humidity:55,Pump:0$/);
    expect(lcdLines(sim)).toEqual(['Soil 60% 24° 55%', 'Auto: below 35%']);
  });

  it('never waters wet soil', () => {
    const sim = powerOn(80);
    const switchings = pumpSwitchings(sim);
    for (let round = 0; round < 4; round++) nextRound(sim, round === 2 ? SOAK_MS : READ_EVERY_MS);
    expect(switchings).toEqual([]);
    expect(pumpRunning(sim)).toBe(false);
    expect(lcdLines(sim)[1]).toBe('Auto: below 35%');
  });

  it('waters dry soil in a burst of PUMP_BURST_MS (5 s), then soaks SOAK_MS (1 minute) before it checks again', () => {
    const sim = powerOn(10);
    const switchings = pumpSwitchings(sim);
    expect(nextRound(sim)).toMatch(/Moisture:10,/);
    expect(pumpRunning(sim)).toBe(true);
    expect(nextRound(sim)).toMatch(/,Pump:100$/);
    expect(lcdLines(sim)[1]).toBe('Watering 1/6');

    const onAt = switchings[0]?.[1] ?? Number.NaN;
    sim.fastForward(onAt + PUMP_BURST_MS - 300 - sim.millis);
    sim.run(150);
    expect(pumpRunning(sim)).toBe(true);
    sim.fastForward(300);
    sim.run(150);
    expect(pumpRunning(sim)).toBe(false);
    const burstMs = (switchings[1]?.[1] ?? Number.NaN) - onAt;
    expect(burstMs).toBeGreaterThanOrEqual(PUMP_BURST_MS);
    expect(burstMs).toBeLessThan(PUMP_BURST_MS + 200);
    expect(nextRound(sim)).toMatch(/,Pump:0$/);
    expect(lcdLines(sim)[1]).toMatch(/^Soaking (5[6-9]|60)s$/);

    sim.fastForward(onAt + PUMP_BURST_MS + SOAK_MS - 1_000 - sim.millis);
    sim.run(150);
    expect(pumpRunning(sim)).toBe(false);
    // Still dry after the soak: the next burst.
    nextRound(sim, 2_000);
    expect(pumpRunning(sim)).toBe(true);
    const soakMs = (switchings[2]?.[1] ?? Number.NaN) - (switchings[1]?.[1] ?? Number.NaN);
    expect(soakMs).toBeGreaterThanOrEqual(SOAK_MS);
    nextRound(sim);
    expect(lcdLines(sim)[1]).toBe('Watering 2/6');
  });

  it('keeps watering until the soil is above STOP_ABOVE_PERCENT (50 %), not just above 35 % (hysteresis)', () => {
    const sim = powerOn(10);
    nextRound(sim);
    expect(pumpRunning(sim)).toBe(true);
    sim.set('soil', 'moisture', 45);
    nextRound(sim, PUMP_BURST_MS);
    expect(pumpRunning(sim)).toBe(false);
    nextRound(sim, SOAK_MS);
    expect(pumpRunning(sim)).toBe(true);

    sim.set('soil', 'moisture', 55);
    nextRound(sim, PUMP_BURST_MS);
    const switchings = pumpSwitchings(sim);
    nextRound(sim, SOAK_MS);
    nextRound(sim);
    expect(switchings).toEqual([]);
    expect(lcdLines(sim)[1]).toBe('Auto: below 35%');
  });

  it('starts watering 10 % earlier from HOT_DAY_C (30 °C)', () => {
    const sim = powerOn(40, { celsius: 25, humidity: 40 });
    const switchings = pumpSwitchings(sim);
    nextRound(sim);
    nextRound(sim);
    expect(switchings).toEqual([]);
    expect(lcdLines(sim)).toEqual(['Soil 40% 25° 40%', 'Auto: below 35%']);

    sim.set('dht', 'celsius', 32);
    nextRound(sim);
    expect(lcdLines(sim)).toEqual(['Soil 40% 32° 40%', 'Auto: below 45%']);
    expect(pumpRunning(sim)).toBe(true);
  });

  it('stops and shows CHECK TANK when the soil is still dry after MAX_BURSTS (6) bursts', () => {
    const sim = powerOn(10);
    nextRound(sim);
    for (let burst = 1; burst <= 6; burst++) {
      expect(pumpRunning(sim)).toBe(true);
      nextRound(sim, PUMP_BURST_MS);
      expect(pumpRunning(sim)).toBe(false);
      nextRound(sim, SOAK_MS);
    }
    expect(pumpRunning(sim)).toBe(false);
    const switchings = pumpSwitchings(sim);
    nextRound(sim, SOAK_MS);
    expect(lcdLines(sim)[1]).toBe('CHECK TANK+reset');
    expect(switchings).toEqual([]);
  });
});
