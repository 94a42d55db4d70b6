/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Keep water away',
  'Wire power and sensors',
  'Wire the thermistor',
  'Upload and read',
  'Calibrate the pH probe',
  'Calibrate TDS',
  'Calibrate turbidity',
  'Check the temperature',
  'Pages and averages',
  'The limits',
  'Look after the probes',
  'Make it a robot',
];
