import { GitCompare, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Board } from '#shared/content/projects.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import { lineDiff } from '#shared/text-diff.ts';
import { CodeDiff } from '#web/components/code-diff.tsx';
import { RunButton, RunReport, SaveNotice } from '#web/components/run-report.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { onShowLinesInEditor } from '#web/lib/editor-lines.ts';
import { type LearnerProgram, type RunState, runSketch } from '#web/lib/run-sketch.ts';
import { ownSketchKey, tutorialSketchKey } from '#web/lib/sketch-store.ts';
import { dropTutorialVersion } from '#web/lib/sketch-sync.ts';
import { type SaveState, useSavedSketch } from '#web/lib/use-saved-sketch.ts';
import { mapLineRange } from '../lib/map-lines.ts';
import { CodeEditor } from './code-editor.tsx';

const SAVE_WORDS: Record<SaveState, string> = {
  loading: 'Opening your version…',
  unchanged: 'This is the tutorial’s code. Change it, then press Run.',
  waiting: 'Changed: saving soon…',
  saving: 'Saving to your account…',
  saved: 'Saved to your account.',
  'on-device': 'Saved on this device. It goes to your account when you are back online.',
  missing: 'This sketch is not in your account any more.',
};

/**
 * Which code the workbench edits: a learner's version of a tutorial's sketch (compared with, and
 * reset to, the tutorial's), or a sketch of their own on a circuit (the playground's), saved with
 * its name. A rename is a change like typing: kept on the device, then sent.
 */
export type WorkbenchSketch =
  | { readonly kind: 'tutorial'; readonly slug: string; readonly original: string }
  | { readonly kind: 'own'; readonly id: string; readonly name: string; readonly circuit: string };

export interface CodeWorkbenchProps {
  userId: string;
  sketch: WorkbenchSketch;
  board: Board;
  /** The sketch's file name, e.g. `plant-watering-robot.ino`. */
  fileName: string;
  /** Run compiled the learner's version: the simulator takes it. */
  onProgram: (program: LearnerProgram) => void;
}

/** `sm`'s size below the `sm` breakpoint. */
const PHONE_SMALL = 'max-sm:h-9 max-sm:px-3 max-sm:text-sm';

/**
 * "Edit the code" (issue 32): the tutorial's sketch in an editor, the learner's version kept as
 * they type (on the device at once, on their account a moment later: `useSavedSketch`), Run to
 * compile it and run it in the simulator, the compiler's messages in plain words on their lines,
 * what they changed, and the way back to the tutorial's code.
 */
export default function CodeWorkbench({ userId, sketch, board, fileName, onProgram }: CodeWorkbenchProps) {
  const key = sketch.kind === 'tutorial' ? tutorialSketchKey(sketch.slug) : ownSketchKey(sketch.id);
  /** The text "What I changed" compares with: the tutorial's; none for a sketch of one's own. */
  const original = sketch.kind === 'tutorial' ? sketch.original : null;
  const circuit = sketch.kind === 'tutorial' ? sketch.slug : sketch.circuit;
  const ownName = sketch.kind === 'own' ? sketch.name : undefined;
  /** The name and circuit an own sketch is saved with (the same object while they are the same). */
  const own = useMemo(() => (ownName === undefined ? undefined : { name: ownName, circuit }), [ownName, circuit]);
  const { opened, save, notice, change, restarted } = useSavedSketch({
    userId,
    key,
    original,
    own,
    fileName,
  });
  const [source, setSource] = useState(original ?? '');
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const [showChanges, setShowChanges] = useState(false);
  const [replaceWith, setReplaceWith] = useState<{ source: string; generation: number }>();
  const [goTo, setGoTo] = useState<{ line: number; toLine?: number; focus?: boolean; generation: number }>();
  // What was opened is what the editor and Run start from.
  useEffect(() => {
    if (opened) setSource(opened.source);
  }, [opened]);
  // A step card's lines (the tutorial's numbering) open here, where they are in the learner's version.
  const current = useRef({ original, source });
  current.current = { original, source };
  useEffect(
    () =>
      onShowLinesInEditor((range) => {
        const mapped = mapLineRange(lineDiff(current.current.original ?? '', current.current.source), range);
        setGoTo((previous) => ({ line: mapped.from, toLine: mapped.to, generation: (previous?.generation ?? 0) + 1 }));
      }),
    [],
  );

  const onChange = (text: string) => {
    setSource(text);
    void change({ source: text });
  };

  const runIt = async () => {
    setRun({ kind: 'compiling' });
    const { state, program } = await runSketch(userId, key, board, source);
    setRun(state);
    if (program) onProgram(program);
    if (state.kind === 'mistakes') {
      // The first mistake's line comes into the editor's view, marked; focus stays on Run.
      const first = state.diagnostics.find((d) => d.severity === 'error') ?? state.diagnostics[0];
      if (first)
        setGoTo((previous) => ({ line: first.line, focus: false, generation: (previous?.generation ?? 0) + 1 }));
    }
  };

  const backToTutorial = async () => {
    if (original === null) return;
    if (!window.confirm('Go back to the tutorial’s code? Your changes to this sketch will be deleted.')) return;
    restarted({ source: original });
    await dropTutorialVersion(userId, key).catch(() => undefined);
    setSource(original);
    setReplaceWith((previous) => ({ source: original, generation: (previous?.generation ?? 0) + 1 }));
    setRun({ kind: 'idle' });
  };

  const diagnostics = useMemo(
    () => (run.kind === 'mistakes' ? run.diagnostics : run.kind === 'ran' ? run.warnings : []),
    [run],
  );
  const changed = original !== null && source !== original;

  if (save === 'missing') {
    return (
      <p role="alert" className="rounded-lg border border-amber-500/60 bg-amber-400/10 p-4 text-sm font-semibold">
        {sketch.kind === 'own'
          ? 'This sketch is not in your account: it was deleted, or it belongs to another account.'
          : SAVE_WORDS.missing}
      </p>
    );
  }

  if (!opened) {
    return (
      <div className="grid min-h-64 place-items-center">
        <Spinner label="Opening your version…" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-workbench="">
      <div className="flex flex-wrap items-center gap-2">
        <RunButton run={run} label={changed ? 'Run my version' : 'Run'} onRun={() => void runIt()} />
        {/* On a phone the two smaller buttons share the row under Run, their words shortened. */}
        {original !== null ? (
          <>
            <Button
              variant="secondary"
              className={PHONE_SMALL}
              aria-pressed={showChanges}
              disabled={!changed}
              onClick={() => setShowChanges((s) => !s)}
            >
              <GitCompare aria-hidden="true" />
              <span className="max-sm:sr-only">What I changed</span>
              <span className="sm:hidden" aria-hidden="true">
                My changes
              </span>
            </Button>
            <Button
              variant="ghost"
              className={PHONE_SMALL}
              disabled={!changed && save === 'unchanged'}
              onClick={() => void backToTutorial()}
            >
              <RotateCcw aria-hidden="true" />
              <span className="max-sm:sr-only">Back to the tutorial’s code</span>
              <span className="sm:hidden" aria-hidden="true">
                Original
              </span>
            </Button>
          </>
        ) : null}
        <p className="ml-auto text-xs text-muted" aria-live="polite" data-save-state={save}>
          {SAVE_WORDS[save]}
        </p>
      </div>
      <SaveNotice notice={notice} />
      <CodeEditor
        initial={opened.source}
        onChange={onChange}
        diagnostics={diagnostics}
        label={own ? `Your sketch ${own.name}` : `Your version of ${fileName}`}
        replaceWith={replaceWith}
        goTo={goTo}
      />
      <p className="text-xs text-muted">
        Tab indents. To leave the editor with the keyboard, press Escape, then Tab. Run compiles your code for the{' '}
        {BOARD_NAMES[board]} on the server.
      </p>
      <RunReport
        run={run}
        onGoTo={(line) => setGoTo((previous) => ({ line, generation: (previous?.generation ?? 0) + 1 }))}
      />
      {showChanges && changed && original !== null ? (
        <section aria-label="What you changed" className="flex flex-col gap-2">
          <h4 className="font-semibold">What you changed, against the tutorial’s code</h4>
          <CodeDiff original={original} changed={source} />
        </section>
      ) : null}
    </div>
  );
}
