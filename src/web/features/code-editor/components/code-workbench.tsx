import { AlertTriangle, GitCompare, Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Board } from '#shared/content/projects.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import { lineDiff } from '#shared/text-diff.ts';
import { CodeDiff } from '#web/components/code-diff.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { onShowLinesInEditor } from '#web/lib/editor-lines.ts';
import { programFor } from '#web/lib/sketch-compile.ts';
import { ownSketchKey, sketchStore, tutorialSketchKey } from '#web/lib/sketch-store.ts';
import {
  dropTutorialVersion,
  fetchServerVersion,
  keepAsOwnSketch,
  sendDraft,
  sendWaitingDrafts,
} from '#web/lib/sketch-sync.ts';
import { mapLineRange } from '../lib/map-lines.ts';
import { inPlainWords, type PlainDiagnostic } from '../lib/plain-words.ts';
import { CodeEditor } from './code-editor.tsx';

/** How long typing may pause before the draft goes to the account. */
const SAVE_AFTER_MS = 1500;

/** What Run hands the simulator. */
export interface LearnerProgram {
  readonly hex: string;
  readonly clock: { readonly millis: number; readonly overflowCount: number };
  readonly flash: number;
}

type SaveState = 'loading' | 'unchanged' | 'waiting' | 'saving' | 'saved' | 'on-device' | 'missing';

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

type RunState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'compiling' }
  | { readonly kind: 'ran'; readonly warnings: readonly PlainDiagnostic[]; readonly note?: string }
  | { readonly kind: 'mistakes'; readonly message: string; readonly diagnostics: readonly PlainDiagnostic[] }
  | { readonly kind: 'refused'; readonly message: string };

export interface CodeWorkbenchProps {
  userId: string;
  sketch: WorkbenchSketch;
  board: Board;
  /** The sketch's file name, e.g. `plant-watering-robot.ino`. */
  fileName: string;
  /** Run compiled the learner's version: the simulator takes it. */
  onProgram: (program: LearnerProgram) => void;
}

/**
 * "Edit the code" (issue 32): the tutorial's sketch in an editor, the learner's version kept as
 * they type (on the device at once, on their account a moment later), Run to compile it and run it
 * in the simulator, the compiler's messages in plain words on their lines, what they changed, and
 * the way back to the tutorial's code.
 */
/** `sm`'s size below the `sm` breakpoint. */
const PHONE_SMALL = 'max-sm:h-9 max-sm:px-3 max-sm:text-sm';

export default function CodeWorkbench({ userId, sketch, board, fileName, onProgram }: CodeWorkbenchProps) {
  const key = sketch.kind === 'tutorial' ? tutorialSketchKey(sketch.slug) : ownSketchKey(sketch.id);
  /** The text "What I changed" compares with: the tutorial's; none for a sketch of one's own. */
  const original = sketch.kind === 'tutorial' ? sketch.original : null;
  /** Where a version from another device is kept apart, and an own sketch's name and circuit. */
  const own = sketch.kind === 'own' ? { name: sketch.name, circuit: sketch.circuit } : undefined;
  const circuit = sketch.kind === 'tutorial' ? sketch.slug : sketch.circuit;
  const ownName = own?.name;
  const ownCircuit = own?.circuit;
  const [opened, setOpened] = useState<{ source: string; revision: number | null } | null>(null);
  const [source, setSource] = useState(original ?? '');
  const [save, setSave] = useState<SaveState>('loading');
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const [showChanges, setShowChanges] = useState(false);
  const [replaceWith, setReplaceWith] = useState<{ source: string; generation: number }>();
  const [notice, setNotice] = useState<string | null>(null);
  const [goTo, setGoTo] = useState<{ line: number; toLine?: number; focus?: boolean; generation: number }>();
  // A step card's lines (the tutorial's numbering) open here, where they are in the learner's version.
  const current = useRef({ original, source, own });
  current.current = { original, source, own };
  useEffect(
    () =>
      onShowLinesInEditor((range) => {
        const mapped = mapLineRange(lineDiff(current.current.original ?? '', current.current.source), range);
        setGoTo((previous) => ({ line: mapped.from, toLine: mapped.to, generation: (previous?.generation ?? 0) + 1 }));
      }),
    [],
  );
  const revision = useRef<number | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Opens the learner's version: a draft this device has not sent yet, else the account's, else the tutorial's.
  useEffect(() => {
    let gone = false;
    (async () => {
      const draft = await sketchStore.draft(userId, key);
      const server = await fetchServerVersion(key).catch(() => undefined);
      if (gone) return;
      let text = original;
      let base: number | null = null;
      if (draft?.dirty) {
        text = draft.source;
        base = draft.baseRevision;
      } else if (server) {
        text = server.source;
        base = server.revision;
      } else if (server === undefined && draft) {
        // Offline: the copy this device last saw.
        text = draft.source;
        base = draft.baseRevision;
      }
      if (text === null) {
        // A sketch of one's own that neither this device nor the account has: deleted, or never made here.
        setSave('missing');
        return;
      }
      revision.current = base;
      setSource(text);
      setOpened({ source: text, revision: base });
      setSave(draft?.dirty ? 'on-device' : text === original ? 'unchanged' : 'saved');
      if (draft?.dirty)
        void sendWaitingDrafts(userId).then(
          () => !gone && setSave('saved'),
          () => undefined,
        );
    })();
    return () => {
      gone = true;
    };
  }, [userId, key, original]);

  const flush = useCallback(
    async (text: string) => {
      setSave('saving');
      const draft = { source: text, baseRevision: revision.current, own: current.current.own };
      const outcome = await sendDraft(userId, key, draft).catch(() => ({ kind: 'offline' as const }));
      if (outcome.kind === 'saved') {
        revision.current = outcome.revision;
        setSave('saved');
      } else if (outcome.kind === 'deleted-elsewhere') {
        setSave('missing');
      } else if (outcome.kind === 'changed-elsewhere') {
        // Another device saved a newer version meanwhile. This device's text stays open and is saved;
        // the other is kept as a sketch of the learner's own, so neither is lost, and they are told.
        const name = `${current.current.own?.name ?? fileName} (from another device)`;
        const kept = await keepAsOwnSketch(name, circuit, outcome.current.source).then(
          () => true,
          () => false,
        );
        revision.current = outcome.current.revision;
        setNotice(
          kept
            ? `This code was also changed on another device. You see this device’s version; the other is kept in your account as “${name}”.`
            : 'This code was also changed on another device, and we could not keep that version apart: it stays on your account until this one is saved.',
        );
        if (!kept) {
          setSave('on-device');
          return;
        }
        const again = await sendDraft(userId, key, { ...draft, baseRevision: revision.current }).catch(() => ({
          kind: 'offline' as const,
        }));
        if (again.kind === 'saved') {
          revision.current = again.revision;
          setSave('saved');
        } else setSave('on-device');
      } else setSave('on-device');
    },
    [userId, key, fileName, circuit],
  );

  const onChange = useCallback(
    (text: string) => {
      setSource(text);
      setSave('waiting');
      void sketchStore.keepDraft(userId, key, text, revision.current, current.current.own);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void flush(text), SAVE_AFTER_MS);
    },
    [userId, key, flush],
  );

  // A renamed sketch of one's own is saved as a change is (not on first opening it).
  const named = useRef({ name: ownName, circuit: ownCircuit });
  useEffect(() => {
    if (named.current.name === ownName && named.current.circuit === ownCircuit) return;
    named.current = { name: ownName, circuit: ownCircuit };
    if (opened) onChange(current.current.source);
  }, [ownName, ownCircuit, opened, onChange]);

  // The network is back: what waits on this device goes to the account.
  useEffect(() => {
    const online = () => void sendWaitingDrafts(userId).then(() => setSave((s) => (s === 'on-device' ? 'saved' : s)));
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (saveTimer.current) clearTimeout(saveTimer.current);
    };
  }, [userId]);

  const runIt = async () => {
    setRun({ kind: 'compiling' });
    const text = source;
    const result = await programFor(userId, key, board, text);
    if (result.kind === 'program') {
      const { program } = result;
      const offline = result.compiledBefore && !navigator.onLine;
      setRun({
        kind: 'ran',
        warnings: program.warnings.map((w) => inPlainWords(w, text)),
        ...(offline
          ? { note: 'You are offline: this is the program this device compiled from this code before.' }
          : {}),
      });
      onProgram({ hex: program.hex, clock: program.clock, flash: program.size.flash });
      return;
    }
    if (result.kind === 'mistakes') {
      const diagnostics = result.diagnostics.map((d) => inPlainWords(d, text));
      setRun({ kind: 'mistakes', message: result.message, diagnostics });
      // The first mistake's line comes into the editor's view, marked; focus stays on Run.
      const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
      if (first)
        setGoTo((previous) => ({ line: first.line, focus: false, generation: (previous?.generation ?? 0) + 1 }));
      return;
    }
    setRun({
      kind: 'refused',
      message: result.offline
        ? 'You are offline, and this code has not been compiled on this device yet. Run needs a connection once.'
        : result.message,
    });
  };

  const backToTutorial = async () => {
    if (original === null) return;
    if (!window.confirm('Go back to the tutorial’s code? Your changes to this sketch will be deleted.')) return;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    await dropTutorialVersion(userId, key).catch(() => undefined);
    revision.current = null;
    setSource(original);
    setReplaceWith((previous) => ({ source: original, generation: (previous?.generation ?? 0) + 1 }));
    setSave('unchanged');
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
        <Button onClick={() => void runIt()} disabled={run.kind === 'compiling'} aria-busy={run.kind === 'compiling'}>
          {run.kind === 'compiling' ? (
            <Spinner label="Compiling…" className="[&_svg]:size-4 [&_svg]:text-current" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {run.kind === 'compiling' ? 'Compiling…' : changed ? 'Run my version' : 'Run'}
        </Button>
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
      {notice ? (
        <p role="status" className="rounded-lg border border-amber-500/60 bg-amber-400/10 p-3 text-sm">
          {notice}
        </p>
      ) : null}
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

function RunReport({ run, onGoTo }: { run: RunState; onGoTo: (line: number) => void }) {
  if (run.kind === 'mistakes') {
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
            <li key={`${diagnostic.line}-${diagnostic.compiler}`} data-diagnostic={diagnostic.severity}>
              <button
                type="button"
                className="text-left font-semibold underline decoration-dotted underline-offset-4 hover:decoration-solid"
                onClick={() => onGoTo(diagnostic.line)}
              >
                {diagnostic.plain}
              </button>
              <span className="mt-0.5 block font-mono text-xs text-muted">The compiler: {diagnostic.compiler}</span>
            </li>
          ))}
        </ul>
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
        <p className="font-semibold text-accent">Compiled: your version runs in the simulator below.</p>
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
