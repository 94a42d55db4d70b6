import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '#web/lib/cn.ts';

/** One task of the account card: what it does, its control on the right, and what it opens below. */
export function AccountTask({
  icon,
  title,
  text,
  action,
  children,
  tone = 'plain',
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  action: ReactNode;
  children?: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border p-4 sm:p-5',
        tone === 'danger' ? 'border-red-700/40 dark:border-red-400/40' : 'border-border',
      )}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 font-display text-base font-semibold [&_svg]:size-5">
            {icon}
            {title}
          </h3>
          <p className="mt-1 max-w-2xl text-sm leading-relaxed text-muted">{text}</p>
        </div>
        <div className="shrink-0">{action}</div>
      </div>
      {children}
    </section>
  );
}
