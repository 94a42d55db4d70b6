/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Wire power and servo',
  'Center the servo',
  'Glue on the LDRs',
  'Wire the LDRs',
  'Check the readings',
  'How track() works',
  'Fix the direction',
  'Night mode',
  'Inside servoPulse()',
  'Test in the sun',
  'Going further',
];
