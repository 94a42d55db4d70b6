import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { lcdLines, ledBrightness, nextSerialLine, runUntil } from '#test/scenario-steps.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "A desk monitor that rates the air in your room and shows temperature and
// humidity". "It wakes the DHT11 with a 20 ms LOW signal, then measures 40 short HIGH pulses with
// pulseIn()"; "the sketch waits WARM_UP_SECONDS (3 minutes) at every start and shows a countdown";
// "up to baseline + 50 is GOOD (green LED), up to baseline + 150 is MODERATE (both LEDs) and
// anything higher is POOR (red LED)".

const WARM_UP_MS = 180_000;
const UPDATE_EVERY_MS = 2_000;

/** Powers the monitor on and skips setup's one-and-a-half-second wait for the DHT11. */
function powerOn(warmedUp = false): Simulation {
  const sim = simulate('air-quality-monitor');
  runUntil(sim, () => lcdLines(sim)[1] === 'Monitor', 'the start screen');
  sim.run(20); // the rest of the row (spaces), then setup's delay(1500)
  sim.fastForward(1_500 + (warmedUp ? WARM_UP_MS : 0));
  return sim;
}

/** The next round of the loop: its serial line, with the LEDs measured after it. */
function nextReading(sim: Simulation): string {
  const line = nextSerialLine(sim);
  sim.run(45);
  return line;
}

/** Skips the loop's two-second wait, then takes the next reading. */
function readingAfterWait(sim: Simulation): string {
  sim.fastForward(UPDATE_EVERY_MS);
  return nextReading(sim);
}

describe('Air Quality Monitor', () => {
  it('shows the temperature and humidity from the DHT11 on the LCD (and in the Serial Monitor)', () => {
    const sim = simulate('air-quality-monitor');
    sim.set('dht', 'celsius', 27);
    sim.set('dht', 'humidity', 61);
    runUntil(sim, () => lcdLines(sim)[0] === 'Air Quality', 'the start screen');
    expect(sim.view('lcd')).toMatchObject({ backlight: true });
    runUntil(sim, () => lcdLines(sim)[1] === 'Monitor', 'the start screen');
    sim.run(20);
    sim.fastForward(1_500);
    expect(nextReading(sim)).toMatch(/^MQ-135: \d+ {2}Temperature: 27 C {2}Humidity: 61 %$/);
    expect(lcdLines(sim)[1]).toMatch(/^27°C 61%RH {2}\d+$/);

    sim.set('dht', 'celsius', 18);
    sim.set('dht', 'humidity', 35);
    readingAfterWait(sim);
    expect(lcdLines(sim)[1]).toMatch(/^18°C 35%RH {2}\d+$/);
  });

  it('counts down the WARM_UP_SECONDS (3 minutes) warm-up with both LEDs off, even in bad air', () => {
    const sim = powerOn();
    sim.set('mq135', 'ppm', 200);
    nextReading(sim);
    expect(lcdLines(sim)[0]).toMatch(/^Warming up 1(79|78)s$/);
    expect(ledBrightness(sim, 'greenLed')).toBe(0);
    expect(ledBrightness(sim, 'redLed')).toBe(0);

    sim.fastForward(60_000);
    nextReading(sim);
    expect(lcdLines(sim)[0]).toMatch(/^Warming up 1(19|18)s$/);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
  });

  it('reads about CLEAN_AIR_BASELINE (150) in clean air: the number at the end of the bottom row', () => {
    const sim = powerOn();
    const reading = Number(/^MQ-135: (\d+)/.exec(nextReading(sim))?.[1]);
    expect(reading).toBeGreaterThanOrEqual(140);
    expect(reading).toBeLessThanOrEqual(160);
    expect(lcdLines(sim)[1]).toMatch(new RegExp(` ${reading}$`));
  });

  it('after the warm-up (fast-forwarded), rates clean air GOOD with the green LED', () => {
    const sim = powerOn(true);
    nextReading(sim);
    expect(lcdLines(sim)[0]).toBe('Air: GOOD');
    expect(ledBrightness(sim, 'greenLed')).toBe(1);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
  });

  it('rates air well above the baseline POOR with the red LED, and in between MODERATE with both', () => {
    const sim = powerOn(true);
    sim.set('mq135', 'ppm', 100);
    const poor = Number(/^MQ-135: (\d+)/.exec(nextReading(sim))?.[1]);
    expect(poor).toBeGreaterThan(150 + 150);
    expect(lcdLines(sim)[0]).toBe('Air: POOR');
    expect(ledBrightness(sim, 'greenLed')).toBe(0);
    expect(ledBrightness(sim, 'redLed')).toBe(1);

    sim.set('mq135', 'ppm', 20);
    readingAfterWait(sim);
    expect(lcdLines(sim)[0]).toBe('Air: MODERATE');
    expect(ledBrightness(sim, 'greenLed')).toBe(1);
    expect(ledBrightness(sim, 'redLed')).toBe(1);

    // "then fall back when you take it away"
    sim.set('mq135', 'ppm', 0);
    readingAfterWait(sim);
    expect(lcdLines(sim)[0]).toBe('Air: GOOD');
    expect(ledBrightness(sim, 'redLed')).toBe(0);
  });
});
