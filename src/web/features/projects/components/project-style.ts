import type { Difficulty, ProjectColor } from '#shared/content/projects.ts';

/** Each project's own colour (product §3 "color theme"): the card's top edge and the tile of its picture. */
export const PROJECT_COLOR_CLASSES: Record<ProjectColor, { edge: string; tile: string; poster: string }> = {
  green: { edge: 'bg-emerald-500', tile: 'bg-emerald-500/15 ring-emerald-500/40', poster: 'from-emerald-600/50' },
  cyan: { edge: 'bg-cyan-500', tile: 'bg-cyan-500/15 ring-cyan-500/40', poster: 'from-cyan-600/50' },
  teal: { edge: 'bg-teal-500', tile: 'bg-teal-500/15 ring-teal-500/40', poster: 'from-teal-600/50' },
  sky: { edge: 'bg-sky-500', tile: 'bg-sky-500/15 ring-sky-500/40', poster: 'from-sky-600/50' },
  amber: { edge: 'bg-amber-500', tile: 'bg-amber-500/15 ring-amber-500/40', poster: 'from-amber-600/50' },
  orange: { edge: 'bg-orange-500', tile: 'bg-orange-500/15 ring-orange-500/40', poster: 'from-orange-600/50' },
  blue: { edge: 'bg-blue-500', tile: 'bg-blue-500/15 ring-blue-500/40', poster: 'from-blue-600/50' },
  lime: { edge: 'bg-lime-500', tile: 'bg-lime-500/15 ring-lime-500/40', poster: 'from-lime-600/50' },
  rose: { edge: 'bg-rose-500', tile: 'bg-rose-500/15 ring-rose-500/40', poster: 'from-rose-600/50' },
  violet: { edge: 'bg-violet-500', tile: 'bg-violet-500/15 ring-violet-500/40', poster: 'from-violet-600/50' },
};

/** Difficulty badges, colour-coded by level, AA contrast in both themes. */
export const DIFFICULTY_CLASSES: Record<Difficulty, string> = {
  Beginner:
    'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-500/15 dark:text-emerald-200',
  Intermediate: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-400/40 dark:bg-sky-500/15 dark:text-sky-200',
  Advanced:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-500/15 dark:text-amber-200',
  Professional:
    'border-fuchsia-300 bg-fuchsia-50 text-fuchsia-800 dark:border-fuchsia-400/40 dark:bg-fuchsia-500/15 dark:text-fuchsia-200',
};
