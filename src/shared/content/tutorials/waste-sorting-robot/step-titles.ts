/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Build the frame',
  'Mount the sensors',
  'Wire power and sensors',
  'Wire the metal sensor',
  'Wire the servos',
  'Upload the sketch',
  'Find the servo angles',
  'Test every sensor',
  'How sortItem() decides',
  'Test with 10 items',
  'Going further',
];
