/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Place the Nano',
  'Wire soil and DHT11',
  'Wire the relay and pump',
  'Wire the LCD',
  'Keep mains away',
  'Upload to the Nano',
  'Calibrate the soil sensor',
  'Choose the levels',
  'How watering works',
  'The safety limit',
  'Watch your plants',
  'Test it, then outdoors',
];
