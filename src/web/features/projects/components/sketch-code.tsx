import { Check, Copy, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Project } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTutorialAssets } from '../api/tutorial-assets.ts';
import { parseLineRangeHash } from '../lib/code-anchor.ts';
import { CodeSkeleton, SketchToolbar } from './sketch-frame.tsx';
import { TutorialSection } from './tutorial-section.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies the sketch; says "Copied" on the button and to screen readers, then returns to "Copy". */
function CopyButton({ source }: { source: string | undefined }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (source === undefined) return;
    try {
      await navigator.clipboard.writeText(source);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy} disabled={source === undefined}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="sr-only"> the sketch</span>
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? 'Copying failed: select the code and copy it yourself'
            : ''}
      </span>
    </>
  );
}

/**
 * The Code section: the sketch with line numbers and highlighting (lines named by the address,
 * `#L12-L20`, are marked), a Copy button and a download link.
 */
export function SketchCode({ project }: { project: Project }) {
  const assets = useTutorialAssets(project.slug);
  const { hash } = useLocation();
  const highlighted = parseLineRangeHash(hash);
  const file = assets.data?.sketchFile ?? `${project.slug}.ino`;

  return (
    <TutorialSection id="code" kicker="Program" title="Code">
      <div className="tray overflow-hidden">
        <SketchToolbar
          file={file}
          sketchUrl={assets.data?.sketchUrl ?? `/sketches/${project.slug}.ino`}
          copy={<CopyButton source={assets.data?.source} />}
        />
        {assets.data ? (
          <section
            className="code-viewer"
            data-code-viewer=""
            aria-label={`Sketch ${file}, ${assets.data.codeLines.length} lines`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            <pre>
              <code>
                {assets.data.codeLines.map((html, index) => {
                  const line = index + 1;
                  const marked = highlighted !== null && line >= highlighted.from && line <= highlighted.to;
                  return (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: lines are numbered by their position
                      key={index}
                      id={`L${line}`}
                      data-line={line}
                      className="code-line"
                      data-marked={marked || undefined}
                    >
                      <span className="code-ln" aria-hidden="true">
                        {line}
                      </span>
                      <span
                        className="code-src"
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: highlighted at build time from our own sketch
                        dangerouslySetInnerHTML={{ __html: html }}
                      />
                    </span>
                  );
                })}
              </code>
            </pre>
          </section>
        ) : assets.isError ? (
          <div role="alert" className="code-viewer-frame grid place-items-center p-6 text-center">
            <div>
              <p className="font-semibold">The code did not load.</p>
              <p className="mt-1 text-sm text-muted">Check your connection, then try again.</p>
              <Button variant="secondary" className="mt-4" onClick={() => assets.refetch()}>
                <RotateCcw aria-hidden="true" /> Try again
              </Button>
            </div>
          </div>
        ) : (
          <CodeSkeleton />
        )}
      </div>
    </TutorialSection>
  );
}
