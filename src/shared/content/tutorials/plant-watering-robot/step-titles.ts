/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Keep water away',
  'Wire the power rails',
  'Wire the soil sensor',
  'Upload and read the soil',
  'Calibrate the sensor',
  'Wire the relay and pump',
  'Place the pump and tube',
  'How loop() decides',
  'Fix a reversed relay',
  'The safety limit',
  'Test with a dry pot',
];
