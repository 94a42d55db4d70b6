import { AlertTriangle, Play } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { PlainDiagnostic } from '#web/lib/plain-words.ts';
import type { RunState } from '#web/lib/run-sketch.ts';

/** Run, for the text editor and the blocks alike: a spinner and "Compiling…" while the server compiles. */
export function RunButton({
  run,
  label = 'Run',
  disabled = false,
  onRun,
}: {
  run: RunState;
  label?: string;
  disabled?: boolean;
  onRun: () => void;
}) {
  const compiling = run.kind === 'compiling';
  return (
    <Button onClick={onRun} disabled={disabled || compiling} aria-busy={compiling}>
      {compiling ? (
        <Spinner label="Compiling…" className="[&_svg]:size-4 [&_svg]:text-current" />
      ) : (
        <Play aria-hidden="true" />
      )}
      {compiling ? 'Compiling…' : label}
    </Button>
  );
}

/** A word about the saving a learner must read (another device's version kept apart), when there is one. */
export function SaveNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-500/60 bg-amber-400/10 p-3 text-sm">
      {notice}
    </p>
  );
}

/** One mistake: its plain words a button that shows its line, the compiler's own words under them. */
function Mistake({ diagnostic, onGoTo }: { diagnostic: PlainDiagnostic; onGoTo: (line: number) => void }) {
  return (
    <li data-diagnostic={diagnostic.severity}>
      <button
        type="button"
        className="text-left font-semibold underline decoration-dotted underline-offset-4 hover:decoration-solid"
        onClick={() => onGoTo(diagnostic.line)}
      >
        {diagnostic.plain}
      </button>
      <span className="mt-0.5 block font-mono text-xs text-muted">The compiler: {diagnostic.compiler}</span>
    </li>
  );
}

const mistakeKey = (diagnostic: PlainDiagnostic) => `${diagnostic.line}-${diagnostic.compiler}`;

/**
 * What Run found, under the editor (text or blocks): the mistakes to fix (each a button that shows
 * its line, or its block; what may be only the first one's knock-on folded under it), a refusal, or
 * that it runs, with the compiler's warnings.
 */
export function RunReport({
  run,
  onGoTo,
  ranWords = 'Compiled: your version runs in the simulator below.',
}: {
  run: RunState;
  onGoTo: (line: number) => void;
  ranWords?: string;
}) {
  if (run.kind === 'mistakes') {
    const others = run.knockOn.length;
    return (
      <section
        role="alert"
        aria-label="What to fix"
        className="rounded-lg border border-rose-500/60 bg-rose-500/10 p-3"
        data-compile-errors=""
      >
        <p className="flex items-center gap-2 font-semibold">
          <AlertTriangle className="size-4 text-rose-500" aria-hidden="true" /> {run.message} Fix it, then press Run
          again.
        </p>
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {run.diagnostics.map((diagnostic) => (
            <Mistake key={mistakeKey(diagnostic)} diagnostic={diagnostic} onGoTo={onGoTo} />
          ))}
        </ul>
        {others > 0 ? (
          <details className="mt-2 text-sm" data-knock-on="">
            <summary className="cursor-pointer text-muted">
              Fix this one first: {others === 1 ? 'the other message' : `the other ${others}`} may go away with it.
            </summary>
            <ul className="mt-2 flex flex-col gap-2">
              {run.knockOn.map((diagnostic) => (
                <Mistake key={mistakeKey(diagnostic)} diagnostic={diagnostic} onGoTo={onGoTo} />
              ))}
            </ul>
          </details>
        ) : null}
      </section>
    );
  }
  if (run.kind === 'refused') {
    return (
      <p role="alert" className="rounded-lg border border-amber-500/60 bg-amber-400/10 p-3 text-sm font-semibold">
        {run.message}
      </p>
    );
  }
  if (run.kind === 'ran') {
    return (
      <div role="status" className="text-sm">
        <p className="font-semibold text-accent">{ranWords}</p>
        {run.note ? <p className="text-muted">{run.note}</p> : null}
        {run.warnings.length > 0 ? (
          <ul className="mt-1 flex flex-col gap-1 text-muted" data-compile-warnings="">
            {run.warnings.map((warning) => (
              <li key={`${warning.line}-${warning.compiler}`}>
                {warning.plain} <span className="font-mono text-xs">({warning.compiler})</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return null;
}
