import { csvLine, fileNamePart } from '#shared/roster.ts';
import type { LearnerWithSecret } from '#shared/schemas/classes.ts';

/** `name,username,secret`: made in the browser from the answer that created or reset the learners. */
export function rosterCsv(learners: readonly LearnerWithSecret[]): string {
  return (
    csvLine(['name', 'username', 'secret']) +
    learners.map((learner) => csvLine([learner.display_name, learner.username, learner.secret])).join('')
  );
}

/** "Year 8 Robotics" → "year-8-robotics-roster-2026-11-25.csv". */
export function rosterFileName(className: string, now = new Date()): string {
  return `${fileNamePart(className)}-roster-${now.toISOString().slice(0, 10)}.csv`;
}
