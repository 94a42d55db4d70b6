import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

interface TutorialSectionProps {
  id: string;
  /** The small mono line above the heading, e.g. "Gather the parts". */
  kicker: string;
  title: string;
  /** Shown at the heading's end, e.g. a count or the Copy button. */
  aside?: ReactNode;
  className?: string;
  /** Takes the focus when a link brings it into view (a section with no control of its own at the top). */
  focusable?: boolean;
  children: ReactNode;
}

/** One part of a tutorial page: a kicker, an h2 and its content, linkable as `#id`. */
export function TutorialSection({ id, kicker, title, aside, className, focusable, children }: TutorialSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('tutorial-section', focusable && 'outline-none', className)}
      tabIndex={focusable ? -1 : undefined}
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <p className="label-mono text-accent">{kicker}</p>
          <h2 id={`${id}-heading`} className="mt-1 font-display text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
