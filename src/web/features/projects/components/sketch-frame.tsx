import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '#web/components/ui/button.tsx';

/** The bar above the sketch: its file name, the Copy button and the download link. */
export function SketchToolbar({ file, sketchUrl, copy }: { file: string; sketchUrl: string; copy: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-surface-2/60 px-3 py-2 sm:px-4">
      <p className="mr-auto min-w-0 font-mono text-xs break-all text-muted" translate="no">
        {file}
      </p>
      <div className="flex shrink-0 items-center gap-2 print:hidden">
        {copy}
        <a href={sketchUrl} download={file} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" /> Download .ino
        </a>
      </div>
    </div>
  );
}

/** Stands in for the code viewer while the sketch loads: the viewer's own height. */
export function CodeSkeleton() {
  return (
    <div className="code-viewer-frame flex flex-col gap-2.5 p-4" aria-busy="true">
      <span className="sr-only">Loading the code…</span>
      {[64, 40, 72, 55, 30, 80, 48, 66, 38, 58, 44, 70].map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars
        <span key={index} className="skeleton h-3.5 rounded" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
