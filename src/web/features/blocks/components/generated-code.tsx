import { useEffect, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * The C++ the blocks make, read-only, with line numbers: the selected block's lines marked and
 * brought into view. A region of its own that scrolls, reachable by keyboard.
 */
export function GeneratedCode({
  source,
  marked,
}: {
  source: string;
  /** The selected block's lines (1-based, inclusive). */
  marked: { readonly from: number; readonly to: number } | undefined;
}) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!marked) return;
    region.current
      ?.querySelector(`[data-line="${marked.from}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [marked]);
  const lines = source.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return (
    <section
      aria-label="The C++ your blocks make"
      className="flex h-[28rem] flex-col overflow-hidden rounded-lg border border-border bg-(--code-bg) sm:h-[32rem]"
    >
      <p className="border-b border-border px-3 py-2 text-xs font-semibold text-muted">
        The C++ your blocks make <span className="font-normal">(read-only)</span>
      </p>
      <div
        ref={region}
        className="min-h-0 flex-1 overflow-auto py-2 font-mono text-[0.8125rem] leading-6"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        data-generated-code=""
        translate="no"
      >
        <pre className="min-w-fit">
          {lines.map((line, index) => {
            const number = index + 1;
            const on = marked !== undefined && number >= marked.from && number <= marked.to;
            return (
              <div
                key={number}
                data-line={number}
                data-marked={on ? '' : undefined}
                className={cn('flex pr-3', on && 'bg-(--code-mark) shadow-[inset_3px_0_var(--accent)]')}
              >
                <span aria-hidden="true" className="w-10 shrink-0 select-none pr-3 text-right text-muted">
                  {number}
                </span>
                <code className="whitespace-pre text-text">{line || ' '}</code>
              </div>
            );
          })}
        </pre>
      </div>
    </section>
  );
}
