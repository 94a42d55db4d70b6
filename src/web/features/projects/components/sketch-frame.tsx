import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { avrdudeCommand, BOARD_CHIPS } from '#shared/content/boards.ts';
import { BOARD_NAMES, type Board } from '#shared/content/projects.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';

interface DownloadLink {
  readonly url: string;
  readonly file: string;
}

/** The bar above the sketch: its file name, the Copy button, and the sketch and the program built from it to download. */
export function SketchToolbar({
  sketch,
  hex,
  copy,
  tools,
}: {
  sketch: DownloadLink;
  hex: DownloadLink;
  copy: ReactNode;
  /** How the code is shown: wrapped, full screen. */
  tools: ReactNode;
}) {
  const link = buttonVariants({ variant: 'secondary', size: 'sm' });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-surface-2/60 px-3 py-2 sm:px-4">
      <p className="mr-auto min-w-0 font-mono text-xs break-all text-muted" translate="no">
        {sketch.file}
      </p>
      <div className="flex shrink-0 items-center gap-1 print:hidden">{tools}</div>
      <div className="flex shrink-0 items-center gap-2 print:hidden">
        {copy}
        {[sketch, hex].map(({ url, file }) => (
          <a key={url} href={url} download={file} className={link}>
            {/* A phone has room for the icon and the extension: "Download" is read out, not shown. */}
            <Download aria-hidden="true" />
            <span>
              <span className="max-sm:sr-only">Download </span>
              {file.slice(file.lastIndexOf('.'))}
            </span>
          </a>
        ))}
      </div>
    </div>
  );
}

/**
 * Below the sketch: what the `.hex` is, how much of the board's flash it takes, and the avrdude
 * command for those who flash without the IDE. Its height does not wait for the size.
 */
export function ProgramFacts({ board, hexFile, flashBytes }: { board: Board; hexFile: string; flashBytes?: number }) {
  const chip = BOARD_CHIPS[board];
  return (
    <div className="space-y-1.5 border-t border-border bg-surface-2/60 px-3 py-2.5 text-xs text-muted sm:px-4 print:hidden">
      <p>
        The <span translate="no">.hex</span> is this sketch compiled for the{' '}
        <span className="whitespace-nowrap">{BOARD_NAMES[board]}:</span>
        {/* A line of its own, so that the size arriving never rewraps the text around it. */}
        <span className="block">
          {flashBytes === undefined ? (
            <span className="skeleton inline-block h-3 w-48 max-w-full rounded align-middle" aria-hidden="true" />
          ) : (
            <>
              <span className="font-semibold text-text">
                {flashBytes.toLocaleString('en-US')} of {chip.flashBytes.toLocaleString('en-US')} bytes
              </span>{' '}
              of flash ({Math.round((flashBytes / chip.flashBytes) * 100)}&nbsp;%)
            </>
          )}
        </span>
      </p>
      <p>
        To flash it without the IDE
        {chip.oldBootloaderBaud ? ` (a Nano with the old bootloader: -b ${chip.oldBootloaderBaud})` : null}:
      </p>
      <code
        className="block rounded-md border border-border bg-surface px-2 py-1 font-mono text-text [overflow-wrap:anywhere]"
        translate="no"
      >
        {avrdudeCommand(board, hexFile)}
      </code>
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
