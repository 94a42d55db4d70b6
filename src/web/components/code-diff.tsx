import { changedHunks, type DiffLine, lineDiff } from '#shared/text-diff.ts';
import { cn } from '#web/lib/cn.ts';

const MARK: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '−' };
const SPOKEN: Record<DiffLine['kind'], string> = { same: '', added: 'added: ', removed: 'removed: ' };

/**
 * What changed between two versions of a sketch: the changed lines with a little context, each
 * marked by sign, colour and words (for a screen reader), with its line number in the new version.
 */
export function CodeDiff({ original, changed, className }: { original: string; changed: string; className?: string }) {
  const hunks = changedHunks(lineDiff(original, changed));
  if (hunks.length === 0) return <p className="text-sm text-muted">No lines changed.</p>;
  return (
    <pre
      className={cn(
        'overflow-x-auto rounded-lg border border-border bg-[var(--code-bg)] py-2 font-mono text-xs',
        className,
      )}
      translate="no"
    >
      {hunks.map((line, index) =>
        line === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${index}`} className="block px-3 text-muted">
            <span aria-hidden="true">⋯</span>
            <span className="sr-only">unchanged lines left out</span>
          </span>
        ) : (
          <span
            key={`${line.kind}-${line.before ?? ''}-${line.after ?? ''}`}
            data-diff={line.kind}
            className={cn(
              'block px-3 whitespace-pre',
              line.kind === 'added' && 'bg-emerald-500/15 text-text',
              line.kind === 'removed' && 'bg-rose-500/15 text-muted line-through decoration-rose-500/50',
            )}
          >
            <span className="inline-block w-8 text-right text-muted select-none" aria-hidden="true">
              {line.after ?? line.before}
            </span>
            <span className="inline-block w-5 text-center select-none" aria-hidden="true">
              {MARK[line.kind]}
            </span>
            <span className="sr-only">{SPOKEN[line.kind]}</span>
            {line.text}
          </span>
        ),
      )}
    </pre>
  );
}
