import { cn } from '#web/lib/cn.ts';

/** A small gear that turns while something loads; announced once to screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-muted', className)}>
      <svg viewBox="0 0 24 24" className="size-7 animate-spin text-accent [animation-duration:1.4s]" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
