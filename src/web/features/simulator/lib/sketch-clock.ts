import type { ClockSymbols } from '#shared/simulator/board.ts';

/*
 * PROVISIONAL, until the record of the compiled sketches (src/shared/content/sketches/hex-record.json,
 * branch `hex`) is on main: where each committed `.hex` keeps the Arduino core's clock (`timer0_millis`
 * and `timer0_overflow_count`, addresses in avr8js's data space), as tests/support/sketch-program.ts
 * reads them. Then this function returns the record's `clock` instead, and the table goes.
 */
const CLOCKS: Readonly<Record<string, ClockSymbols>> = {
  'line-following-robot': { millis: 432, overflowCount: 436 },
  'smart-irrigation-robot': { millis: 816, overflowCount: 820 },
  'plant-watering-robot': { millis: 451, overflowCount: 455 },
  'gas-leak-alarm-robot': { millis: 759, overflowCount: 763 },
  'air-quality-monitor': { millis: 765, overflowCount: 769 },
  'medical-assistance-robot': { millis: 991, overflowCount: 995 },
  'waste-sorting-robot': { millis: 452, overflowCount: 456 },
  'solar-tracking-robot': { millis: 459, overflowCount: 463 },
  'water-quality-robot': { millis: 807, overflowCount: 811 },
};

/** The clock's addresses in a tutorial's compiled sketch: what the fast-forward moves on. */
export function clockSymbolsOf(slug: string): ClockSymbols {
  const clock = CLOCKS[slug];
  if (!clock) throw new Error(`No compiled sketch is recorded for ${slug}`);
  return clock;
}
