import { FileDiff, LogIn, Pencil, Play, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { authPathReturningTo } from '#web/lib/auth/auth-redirect.ts';
import { cn } from '#web/lib/cn.ts';
import { type LearnerSketch, programIsCurrent } from '../hooks/learner-sketch.tsx';
import { plainWords } from '../lib/compile-messages.ts';
import { diffCounts, lineDiff } from '../lib/line-diff.ts';

/** CodeMirror and its C++ grammar: their own chunk, fetched when the learner presses "Edit the code". */
const CodeEditor = lazy(() => import('./code-editor.tsx'));

const BAR = 'flex flex-wrap items-center gap-2 border-b border-border bg-surface-2/50 px-3 py-2 sm:px-4';

/** For a visitor, or a member before editing: what editing is and the button (or the sign-in) to start. */
export function EditPrompt({ sketch }: { sketch: LearnerSketch | null }) {
  const location = useLocation();
  if (!sketch) return null;
  if (!sketch.userId) {
    return (
      <div className={BAR} data-edit-prompt="">
        <p className="flex-1 text-sm text-muted">Change this code and run your version: it needs an account.</p>
        <Link
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
          to={authPathReturningTo({ ...location, hash: '#code' })}
        >
          <LogIn aria-hidden="true" /> Sign in to edit
        </Link>
      </div>
    );
  }
  return (
    <div className={BAR} data-edit-prompt="">
      <p className="flex-1 text-sm text-muted">Make it yours: change the code, then run it in the simulator.</p>
      <Button size="sm" onClick={sketch.startEditing} disabled={sketch.original === undefined}>
        <Pencil aria-hidden="true" /> Edit the code
      </Button>
    </div>
  );
}

function problemText(compile: LearnerSketch['compile']): string | null {
  if (compile.status !== 'problem') return null;
  const { outcome } = compile;
  switch (outcome.kind) {
    case 'signed-out':
      return 'Your session has ended. Sign in again to run your version.';
    case 'busy':
      return `Too many runs, try again in ${outcome.retryAfterSeconds} s.`;
    case 'unavailable':
      return outcome.message;
    case 'too-large':
      return 'Your sketch is too long to compile (64 KB at most).';
    case 'offline':
      return 'You are offline, and this version has not been compiled on this device yet. Run it again once you are online.';
    case 'error':
      return outcome.message;
  }
}

function DiagnosticList({
  diagnostics,
  onShow,
}: {
  diagnostics: readonly Diagnostic[];
  onShow: (line: number) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {diagnostics.map((diagnostic, index) => {
        const plain = plainWords(diagnostic) ?? `Line ${diagnostic.line}:`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every compile
          <li key={index} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4" data-diagnostic="">
            <button
              type="button"
              className="text-left text-sm font-semibold underline-offset-2 hover:underline sm:w-1/2"
              onClick={() => onShow(diagnostic.line)}
            >
              <span
                className={cn(
                  'label-mono mr-2 rounded px-1.5 py-0.5 text-[0.65rem]',
                  diagnostic.severity === 'error'
                    ? 'bg-red-600/15 text-red-700 dark:text-red-300'
                    : 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
                )}
              >
                {diagnostic.severity === 'error' ? 'Error' : 'Warning'}
              </span>
              {plain}
            </button>
            <code className="min-w-0 flex-1 font-mono text-xs break-words text-muted" translate="no">
              {diagnostic.line}:{diagnostic.column} {diagnostic.message}
            </code>
          </li>
        );
      })}
    </ul>
  );
}

function ChangesView({ original, draft, onClose }: { original: string; draft: string; onClose: () => void }) {
  const diff = useMemo(() => lineDiff(original, draft), [original, draft]);
  const { added, removed } = diffCounts(diff);
  const changedOnly = diff.filter((_line, index) =>
    diff.slice(Math.max(0, index - 2), index + 3).some((near) => near.kind !== 'same'),
  );
  return (
    <section aria-label="Your changes" className="border-b border-border bg-[var(--code-bg)]" data-diff="">
      <div className="flex items-center gap-3 px-3 py-2 text-sm sm:px-4">
        <p className="flex-1 font-semibold">
          Your changes: <span className="text-emerald-700 dark:text-emerald-300">{added} added</span>,{' '}
          <span className="text-red-700 dark:text-red-300">{removed} removed</span>
        </p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden="true" /> Close
        </Button>
      </div>
      {changedOnly.length === 0 ? (
        <p className="px-4 pb-3 text-sm text-muted">Nothing changed yet: this is the tutorial’s code.</p>
      ) : (
        <pre className="max-h-72 overflow-auto px-0 pb-2 font-mono text-xs leading-relaxed">
          {changedOnly.map((line, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fresh list for each version
              key={index}
              className={cn(
                'flex gap-3 px-3 sm:px-4',
                line.kind === 'added' && 'bg-emerald-500/12',
                line.kind === 'removed' && 'bg-red-500/12',
              )}
            >
              <span className="w-8 shrink-0 text-right text-muted tabular-nums" aria-hidden="true">
                {line.after ?? line.before}
              </span>
              <span aria-hidden="true" className="w-3 shrink-0">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              <span className="sr-only">
                {line.kind === 'added' ? 'added: ' : line.kind === 'removed' ? 'removed: ' : ''}
              </span>
              <span className="whitespace-pre-wrap break-all">{line.text || ' '}</span>
            </div>
          ))}
        </pre>
      )}
    </section>
  );
}

/** The learner's version: the editor with Run, their changes, and what the compiler said. */
export function SketchWorkbench({ sketch, file }: { sketch: LearnerSketch; file: string }) {
  const [resetKey, setResetKey] = useState(0);
  const [showChanges, setShowChanges] = useState(false);
  const [shown, setShown] = useState<{ range: { from: number; to: number } } | null>(null);
  const original = sketch.original ?? '';
  const source = sketch.draft ?? original;
  const { compile } = sketch;
  const diagnostics: readonly Diagnostic[] =
    compile.status === 'failed' ? compile.diagnostics : compile.status === 'compiled' ? compile.warnings : [];
  const reveal = shown ?? sketch.reveal;
  const problem = problemText(compile);
  const changed = sketch.draft !== null && sketch.draft !== original;

  const revert = async () => {
    if (!window.confirm('Go back to the tutorial’s code? Your changes on this device will be gone.')) return;
    await sketch.revert();
    setShowChanges(false);
    setResetKey((key) => key + 1);
  };
  const run = async () => {
    const program = await sketch.run();
    if (program) document.getElementById('simulator')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <div data-workbench="">
      <div className={BAR}>
        <p className="mr-auto flex items-center gap-2 text-sm font-semibold">
          <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
          {changed ? 'Your version' : 'Editing the tutorial’s code'}
        </p>
        <Button
          size="sm"
          onClick={run}
          disabled={compile.status === 'compiling'}
          aria-busy={compile.status === 'compiling'}
          data-run-sketch=""
        >
          <Play aria-hidden="true" /> {compile.status === 'compiling' ? 'Compiling…' : 'Run'}
        </Button>
        <Button variant="secondary" size="sm" aria-pressed={showChanges} onClick={() => setShowChanges(!showChanges)}>
          <FileDiff aria-hidden="true" /> Changes
        </Button>
        <Button variant="ghost" size="sm" onClick={revert} disabled={!changed}>
          <RotateCcw aria-hidden="true" /> <span className="max-sm:sr-only">Back to the tutorial’s code</span>
          <span className="sm:hidden" aria-hidden="true">
            Original
          </span>
        </Button>
      </div>
      {showChanges ? <ChangesView original={original} draft={source} onClose={() => setShowChanges(false)} /> : null}
      <Suspense
        fallback={
          <div className="grid min-h-48 place-items-center bg-[var(--code-bg)]">
            <Spinner label="Loading the editor…" />
          </div>
        }
      >
        <CodeEditor
          value={source}
          resetKey={resetKey}
          onChange={sketch.change}
          diagnostics={diagnostics}
          reveal={reveal}
          label={`Your version of ${file}. Tab indents; press Escape, then Tab, to leave the editor.`}
        />
      </Suspense>
      <div className="border-t border-border px-3 py-3 sm:px-4" aria-live="polite">
        {compile.status === 'compiling' ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <Spinner label="Compiling your version…" className="size-4" /> Compiling your version…
          </p>
        ) : compile.status === 'failed' ? (
          <div role="alert" data-compile-errors="">
            <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-red-700 dark:text-red-300">
              <TriangleAlert aria-hidden="true" className="size-4" /> It did not compile. Fix the line below, then Run
              again.
            </p>
            <DiagnosticList
              diagnostics={compile.diagnostics}
              onShow={(line) => setShown({ range: { from: line, to: line } })}
            />
          </div>
        ) : compile.status === 'compiled' ? (
          <div>
            <p className="text-sm" role="status" data-compile-ok="">
              {compile.fromDevice
                ? 'Offline: running the program compiled on this device from this same code.'
                : `Compiled${sketch.program ? `: ${sketch.program.flashBytes.toLocaleString('en')} bytes of flash` : ''}. It runs in the simulator below.`}
            </p>
            {compile.warnings.length > 0 ? (
              <div className="mt-2">
                <DiagnosticList
                  diagnostics={compile.warnings}
                  onShow={(line) => setShown({ range: { from: line, to: line } })}
                />
              </div>
            ) : null}
          </div>
        ) : problem ? (
          <p role="alert" className="text-sm font-semibold" data-compile-problem="">
            {problem}
            {compile.status === 'problem' && compile.outcome.kind === 'signed-out' ? (
              <>
                {' '}
                <Link className="underline" to="/auth">
                  Sign in
                </Link>
              </>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-muted">
            {programIsCurrent(sketch)
              ? 'Saved on this device. Run starts your last compiled program.'
              : 'Saved on this device as you type. Run compiles your version and starts it in the simulator.'}
          </p>
        )}
      </div>
    </div>
  );
}
