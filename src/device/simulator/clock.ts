import type { SketchBuild } from '#shared/content/hex-record.ts';
import type { ClockSymbols } from './board.ts';

/** Where a compiled sketch keeps the core's clock, from the record `npm run sketches` writes. */
export function clockOf(build: SketchBuild): ClockSymbols {
  return { millis: build.clock.timer0_millis.address, overflowCount: build.clock.timer0_overflow_count.address };
}
