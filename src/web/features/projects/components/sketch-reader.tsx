import { WrapText, X } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { LineRange } from '../lib/code-anchor.ts';
import { excerptLinesHtml } from '../lib/numbered-lines.ts';

/** What the reader shows: the whole sketch, at these lines (marked) if given. */
export interface ReaderRequest {
  readonly range: LineRange | null;
}

interface SketchReaderProps {
  request: ReaderRequest | null;
  lines: readonly string[];
  file: string;
  onClose: () => void;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
}

/**
 * The whole sketch on the whole screen: a phone reads code here, the screen the only thing that
 * scrolls (no box inside a box), lines wrapped or not as the learner likes. Opened at the lines a
 * step is about, marked; Escape or Close returns to where the learner was.
 */
export function SketchReader({ request, lines, file, onClose, wrap, onWrap }: SketchReaderProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const range = request?.range ?? null;
  const html = useMemo(() => (request ? excerptLinesHtml(lines, 1, range ?? undefined) : ''), [request, lines, range]);

  // Opened before paint, then at its lines: the dialog must be open (laid out) to be scrolled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!request) {
      if (element.open) element.close();
      return;
    }
    if (!element.open) element.showModal();
    const first = range ? element.querySelector(`[data-line="${range.from}"]`) : null;
    if (first) first.scrollIntoView({ block: 'center' });
    else element.scrollTo({ top: 0 });
  }, [request, range]);

  const label = range ? (range.from === range.to ? `line ${range.from}` : `lines ${range.from}–${range.to}`) : null;
  return (
    <dialog ref={dialog} className="sketch-reader" aria-labelledby="sketch-reader-title" onClose={onClose}>
      <div className="reader-bar">
        <h2
          id="sketch-reader-title"
          className="min-w-0 flex-1 font-mono text-sm leading-tight font-semibold"
          translate="no"
        >
          <span className="block truncate">{file}</span>
          {label ? <span className="block font-sans text-xs font-normal text-muted">{label}</span> : null}
        </h2>
        <Button variant="ghost" size="sm" aria-pressed={wrap} onClick={() => onWrap(!wrap)}>
          <WrapText aria-hidden="true" /> Wrap<span className="max-sm:sr-only"> lines</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={() => dialog.current?.close()} autoFocus>
          <X aria-hidden="true" /> Close
        </Button>
      </div>
      {/* The dialog is the screen and the one thing that scrolls: arrow keys scroll it from the focused Close. */}
      <pre className={cn('reader-body', wrap && 'code-wrap')}>
        <code
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlighted at build time from our own sketch
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </pre>
    </dialog>
  );
}
