import { DIFFICULTIES, type Difficulty, type Project } from '#shared/content/projects.ts';

export const ALL_LEVELS = 'All Levels';
type LevelFilter = Difficulty | typeof ALL_LEVELS;

/** Reads the level from the URL; anything unknown means no filter. */
export function parseLevel(value: string | null): LevelFilter {
  return DIFFICULTIES.find((level) => level === value) ?? ALL_LEVELS;
}

/**
 * product §5: the typed text matches title or description, ignoring case, combined with the
 * difficulty; All Levels means no difficulty filter.
 */
export function filterProjects(projects: readonly Project[], query: string, level: LevelFilter): Project[] {
  const needle = query.trim().toLocaleLowerCase();
  return projects.filter(
    (project) =>
      (level === ALL_LEVELS || project.difficulty === level) &&
      (needle === '' ||
        project.title.toLocaleLowerCase().includes(needle) ||
        project.description.toLocaleLowerCase().includes(needle)),
  );
}
