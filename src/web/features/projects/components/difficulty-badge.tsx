import type { Difficulty } from '#shared/content/projects.ts';
import { cn } from '#web/lib/cn.ts';
import { DIFFICULTY_CLASSES } from './project-style.ts';

/** A project's level, colour-coded, as the cards and the tutorial page show it. */
export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return (
    <span
      className={cn(
        'label-mono inline-block rounded-md border px-2 py-0.5 text-[0.7rem]',
        DIFFICULTY_CLASSES[difficulty],
      )}
    >
      {difficulty}
    </span>
  );
}
