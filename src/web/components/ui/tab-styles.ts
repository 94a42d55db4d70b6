/*
 * The look of a row of tabs, one for every tab list of the site. Apart from tabs.tsx so the tutorial
 * page's hand-written tab list (tutorial-steps.tsx) takes the look without Radix's code.
 */

/** The strip the tabs sit in. */
export const TAB_LIST_CLASS = 'flex gap-1 rounded-xl border border-border bg-surface-2 p-1';

/** One tab: the chosen one (`data-state="active"`) stands out as a raised card. */
const TAB_LOOK =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-muted transition-colors hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-sm sm:gap-2 sm:px-4 [&_svg]:size-4';

/** Tabs that share a phone's width and take their own on a wider screen. */
export const TAB_CLASS = `${TAB_LOOK} flex-1 sm:flex-none`;

/** Tabs that always share the strip's width (a card's two tabs). */
export const FILLING_TAB_CLASS = `${TAB_LOOK} flex-1`;
