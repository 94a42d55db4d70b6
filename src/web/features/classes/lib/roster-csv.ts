import { csvLine } from '#shared/roster.ts';
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
  const slug =
    className
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'class';
  return `${slug}-roster-${now.toISOString().slice(0, 10)}.csv`;
}
