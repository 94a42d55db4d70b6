/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Wire power and MQ-135',
  'Wire the DHT11',
  'Wire the LCD',
  'Add the LEDs',
  'Upload the sketch',
  'How readDht11() works',
  'Warm up the sensor',
  'Find your baseline',
  'How the levels work',
  'Test with a marker',
  'Place the monitor',
];
