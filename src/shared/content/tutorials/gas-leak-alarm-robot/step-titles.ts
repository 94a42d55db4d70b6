/**
 * A short title for each step, in the same order (2–5 words): the steps bar, its list and each
 * step's heading. A module apart from text.ts, so the catalog's JavaScript does not carry them:
 * they come with the tutorial page's steps (../../step-titles.ts, decision 023).
 */
export const stepTitles: readonly string[] = [
  'Not a certified detector',
  'Wire power and MQ-2',
  'Wire buzzer and LEDs',
  'Wire the LCD',
  'Upload and self-test',
  'Find your baseline',
  'The two levels',
  'How updateAlarm() works',
  'Test without gas',
  'Gas test with an adult',
  'Box and mount it',
];
