/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Assemble the chassis',
  'Mount the IR sensors',
  'Wire power and sensors',
  'Wire the motors',
  'Connect the battery',
  'Test the motors',
  'Calibrate the sensors',
  'How loop() steers',
  'Make a track',
  'Follow the line',
  'Tune the speeds',
];
