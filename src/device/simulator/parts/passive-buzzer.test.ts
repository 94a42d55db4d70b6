import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';

const BUZZER = [
  { id: 'piezo', kind: 'passive-buzzer', label: 'Buzzer', pins: ['+', '-'] },
  { id: 'beeper', kind: 'active-buzzer', label: 'Active buzzer', pins: ['+', '-'] },
] as const;
const WIRES = [
  { from: 'piezo.+', to: 'arduino.D8', color: 'grey' },
  { from: 'beeper.+', to: 'arduino.D9', color: 'purple' },
] as const;

const sounding = (bench: ReturnType<typeof partBench>, id: string) => {
  const view = bench.sim.view(id);
  return view.kind === 'buzzer' && view.sounding;
};

describe('passive buzzer', () => {
  it('sounds while its pin switches at a note’s frequency, as tone() drives it', () => {
    const bench = partBench(BUZZER, WIRES);
    expect(sounding(bench, 'piezo')).toBe(false);
    // 440 Hz for 50 ms: a half-period of 1136 µs high, then low.
    for (let cycle = 0; cycle < 22; cycle++) {
      bench.drive('D8', true);
      bench.wait(1136);
      bench.drive('D8', false);
      bench.wait(1136);
    }
    expect(sounding(bench, 'piezo')).toBe(true);
    bench.wait(40_000);
    expect(sounding(bench, 'piezo')).toBe(false);
  });

  it('is silent on a pin held high, where an active buzzer sounds', () => {
    const bench = partBench(BUZZER, WIRES);
    bench.drive('D8', true);
    bench.drive('D9', true);
    bench.wait(1_000);
    expect(sounding(bench, 'beeper')).toBe(true);
    expect(sounding(bench, 'piezo')).toBe(false);
    bench.wait(100_000);
    expect(sounding(bench, 'piezo')).toBe(false);
  });
});
