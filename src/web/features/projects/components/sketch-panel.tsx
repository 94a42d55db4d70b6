import { Maximize2, RotateCcw, WrapText } from 'lucide-react';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Project } from '#shared/content/projects.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { parseLineRangeHash } from '../lib/code-anchor.ts';
import { numberedLinesHtml } from '../lib/numbered-lines.ts';
import { sketchSource } from '../lib/sketch-source.ts';
import { CodeSkeleton, ProgramFacts, SketchToolbar } from './sketch-frame.tsx';

/**
 * The sketch's numbered lines, inserted as one piece of markup; the lines the address names
 * (`#L12-L20`) are marked on the elements themselves, before paint.
 */
function CodeLines({ lines, file, wrap }: { lines: readonly string[]; file: string; wrap: boolean }) {
  const viewer = useRef<HTMLElement>(null);
  const html = useMemo(() => numberedLinesHtml(lines), [lines]);
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup is new elements, which are marked again
  useLayoutEffect(() => {
    const range = parseLineRangeHash(hash);
    for (const line of viewer.current?.querySelectorAll<HTMLElement>('.code-line') ?? []) {
      const number = Number(line.dataset.line);
      line.toggleAttribute('data-marked', range !== null && number >= range.from && number <= range.to);
    }
  }, [hash, html]);
  return (
    <section
      ref={viewer}
      className={cn('code-viewer', wrap && 'code-wrap')}
      data-code-viewer=""
      aria-label={`Sketch ${file}, ${lines.length} lines`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <pre>
        <code
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlighted at build time from our own sketch, numbered here
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </pre>
    </section>
  );
}

/**
 * The whole sketch: the sketch with line numbers and highlighting (lines named by the address,
 * `#L12-L20`, are marked), a Copy button, download links for the sketch and the program built from
 * it, and that program's size on the board.
 */
export const SketchPanel = memo(function SketchPanel({
  project,
  assets,
  onFullScreen,
  wrap,
  onWrap,
}: {
  project: Project;
  assets: TutorialAssetsState;
  /** Opens the whole sketch on the whole screen. */
  onFullScreen: () => void;
  /** Whether long lines wrap (shared with the full-screen reader). */
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
}) {
  const file = assets.data?.sketchFile ?? `${project.slug}.ino`;
  const hexFile = assets.data?.hexFile ?? `${project.slug}.hex`;

  return (
    <div id="code" className="tray overflow-hidden">
      <SketchToolbar
        sketch={{ file, url: assets.data?.sketchUrl ?? `/sketches/${file}` }}
        hex={{ file: hexFile, url: assets.data?.hexUrl ?? `/sketches/${hexFile}` }}
        copy={
          <CopyButton
            text={() => (assets.data ? sketchSource(assets.data.codeLines) : '')}
            disabled={assets.data === undefined}
            what="the sketch"
            selectHint="the code"
          />
        }
        tools={
          <>
            <Button variant="ghost" size="sm" aria-pressed={wrap} onClick={() => onWrap(!wrap)}>
              <WrapText aria-hidden="true" /> Wrap
              <span className="sr-only"> long lines</span>
            </Button>
            <Button variant="ghost" size="sm" disabled={!assets.data} onClick={onFullScreen}>
              <Maximize2 aria-hidden="true" /> Full screen
            </Button>
          </>
        }
      />
      {assets.data ? (
        <CodeLines lines={assets.data.codeLines} file={file} wrap={wrap} />
      ) : assets.isError ? (
        <div role="alert" className="code-viewer-frame grid place-items-center p-6 text-center">
          <div>
            <p className="font-semibold">The code did not load.</p>
            <p className="mt-1 text-sm text-muted">Check your connection, then try again.</p>
            <Button variant="secondary" className="mt-4" onClick={assets.retry}>
              <RotateCcw aria-hidden="true" /> Try again
            </Button>
          </div>
        </div>
      ) : (
        <CodeSkeleton />
      )}
      <ProgramFacts board={project.board} hexFile={hexFile} flashBytes={assets.data?.flashBytes} />
    </div>
  );
});
