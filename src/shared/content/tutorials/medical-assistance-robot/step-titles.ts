/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Not a medical device',
  'Build the dispenser',
  'Wire the clock and LCD',
  'Wire the stepper driver',
  'Upload and set the clock',
  'Calibrate the wheel',
  'Set the schedule',
  'The reminder',
  'Safe design',
  'Refill the wheel',
  'Test with sweets',
  'Going further',
];
