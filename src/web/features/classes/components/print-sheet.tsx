import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#web/lib/cn.ts';

/**
 * What to print, under <body> beside the app: while `html[data-print]` is set, printing shows this
 * sheet only (features/classes/styles/print-sheet.css). `onDone` runs after the browser's print dialog closes.
 */
export function PrintSheet({
  kind,
  children,
  onDone,
  className,
}: {
  kind: 'cards' | 'report';
  children: ReactNode;
  onDone: () => void;
  className?: string;
}) {
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.print = kind;
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    // The sheet is in the document now: open the print dialog on the next frame.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      delete html.dataset.print;
    };
  }, [kind, onDone]);
  return createPortal(<div className={cn('print-sheet', className)}>{children}</div>, document.body);
}
