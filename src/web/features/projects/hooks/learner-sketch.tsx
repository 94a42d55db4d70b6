import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Project } from '#shared/content/projects.ts';
import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import { createProgramCache, createSketchDrafts, type KeptProgram } from '#web/lib/offline/sketch-store.ts';
import { type CompileOutcome, compileSketch } from '../api/compile-sketch.ts';
import type { LineRange } from '../lib/code-anchor.ts';

/** A program compiled from the learner's version, as the simulator and the upload take it. */
export interface LearnerProgram {
  readonly hex: string;
  readonly clock: { readonly millis: number; readonly overflowCount: number };
  readonly flashBytes: number;
  /** The source it was compiled from. */
  readonly source: string;
}

export type CompileState =
  | { readonly status: 'idle' }
  | { readonly status: 'compiling' }
  | { readonly status: 'compiled'; readonly warnings: readonly Diagnostic[]; readonly fromDevice: boolean }
  | { readonly status: 'failed'; readonly message: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly status: 'problem'; readonly outcome: Exclude<CompileOutcome, { kind: 'compiled' | 'failed' }> };

export interface LearnerSketch {
  /** Null for a visitor: editing needs an account. */
  readonly userId: string | null;
  /** The tutorial's own sketch; undefined while it loads. */
  readonly original: string | undefined;
  /** The learner's version, or null when they have none (the tutorial's code is theirs). */
  readonly draft: string | null;
  readonly editing: boolean;
  readonly compile: CompileState;
  /** The learner's last program that compiled, what Run and Upload use while the source is unchanged. */
  readonly program: LearnerProgram | null;
  /** Counts the Run presses that produced a program: the simulator opens (again) on each. */
  readonly runs: number;
  /** Lines a step card asked to see in the editor; a new object each time. */
  readonly reveal: { readonly range: LineRange } | null;
  startEditing(): void;
  stopEditing(): void;
  change(source: string): void;
  /** "Back to the tutorial's code": forgets the draft on this device. */
  revert(): Promise<void>;
  /** Compiles the learner's version (or takes the kept one) and asks the simulator to run it. */
  run(): Promise<LearnerProgram | null>;
  revealLines(range: LineRange): void;
}

const LearnerSketchContext = createContext<LearnerSketch | null>(null);

/** Saves are debounced: one IndexedDB write a moment after typing stops. */
const SAVE_DELAY_MS = 400;

const drafts = createSketchDrafts();
const programs = createProgramCache();

function programOf(kept: KeptProgram): LearnerProgram {
  return { hex: kept.hex, clock: kept.clock, flashBytes: kept.flashBytes, source: kept.source };
}

/** The learner's version of one tutorial's sketch, on this page (issue 32). */
export function LearnerSketchProvider({
  project,
  userId,
  original,
  children,
}: {
  project: Project;
  userId: string | null;
  original: string | undefined;
  children: ReactNode;
}) {
  const slug = project.slug;
  const [draft, setDraft] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [compile, setCompile] = useState<CompileState>({ status: 'idle' });
  const [program, setProgram] = useState<LearnerProgram | null>(null);
  const [runs, setRuns] = useState(0);
  const [reveal, setReveal] = useState<{ range: LineRange } | null>(null);
  const pendingSave = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<string | null>(null);

  // The draft and the last program kept on this device for this account; a saved draft opens the editor.
  useEffect(() => {
    setDraft(null);
    setProgram(null);
    setEditing(false);
    setCompile({ status: 'idle' });
    if (!userId) return;
    let current = true;
    void Promise.all([drafts.read(userId, slug), programs.read(userId, slug)]).then(([saved, kept]) => {
      if (!current) return;
      if (saved) {
        latest.current = saved.source;
        setDraft(saved.source);
        setEditing(true);
      }
      if (kept) setProgram(programOf(kept));
    });
    return () => {
      current = false;
    };
  }, [userId, slug]);

  const flush = useCallback(() => {
    if (pendingSave.current) clearTimeout(pendingSave.current);
    pendingSave.current = null;
    const source = latest.current;
    if (userId && source !== null) void drafts.save(userId, slug, source);
  }, [userId, slug]);
  useEffect(() => flush, [flush]);

  const change = useCallback(
    (source: string) => {
      latest.current = source;
      setDraft(source);
      if (pendingSave.current) clearTimeout(pendingSave.current);
      pendingSave.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  const revert = useCallback(async () => {
    if (pendingSave.current) clearTimeout(pendingSave.current);
    pendingSave.current = null;
    latest.current = null;
    setDraft(null);
    setCompile({ status: 'idle' });
    if (userId) await drafts.discard(userId, slug);
  }, [userId, slug]);

  const busy = useRef(false);
  const run = useCallback(async (): Promise<LearnerProgram | null> => {
    const source = latest.current ?? original;
    if (!userId || source === undefined || busy.current) return null;
    busy.current = true;
    setCompile({ status: 'compiling' });
    try {
      const outcome = await compileSketch(project.board, source);
      if (outcome.kind === 'compiled') {
        const compiled: LearnerProgram = {
          hex: outcome.sketch.hex,
          clock: outcome.sketch.clock,
          flashBytes: outcome.sketch.size.flash,
          source,
        };
        void programs.keep(userId, slug, compiled);
        setProgram(compiled);
        setCompile({ status: 'compiled', warnings: outcome.sketch.warnings, fromDevice: false });
        setRuns((n) => n + 1);
        return compiled;
      }
      if (outcome.kind === 'failed') {
        setCompile({ status: 'failed', message: outcome.message, diagnostics: outcome.diagnostics });
        return null;
      }
      // Offline: the program kept on this device runs, if it was compiled from this very source.
      if (outcome.kind === 'offline') {
        const kept = await programs.read(userId, slug);
        if (kept && kept.source === source) {
          const keptProgram = programOf(kept);
          setProgram(keptProgram);
          setCompile({ status: 'compiled', warnings: [], fromDevice: true });
          setRuns((n) => n + 1);
          return keptProgram;
        }
      }
      setCompile({ status: 'problem', outcome });
      return null;
    } finally {
      busy.current = false;
    }
  }, [userId, slug, original, project.board]);

  const value = useMemo<LearnerSketch>(
    () => ({
      userId,
      original,
      draft,
      editing,
      compile,
      program,
      runs,
      reveal,
      startEditing: () => setEditing(true),
      stopEditing: () => setEditing(false),
      change,
      revert,
      run,
      revealLines: (range) => setReveal({ range }),
    }),
    [userId, original, draft, editing, compile, program, runs, reveal, change, revert, run],
  );
  return <LearnerSketchContext value={value}>{children}</LearnerSketchContext>;
}

/** The page's learner sketch; null outside a tutorial page (and in tests that render a part alone). */
export function useLearnerSketch(): LearnerSketch | null {
  return useContext(LearnerSketchContext);
}

/** Whether the learner's program (if any) was compiled from their current version. */
export function programIsCurrent(sketch: LearnerSketch): boolean {
  return sketch.program !== null && sketch.draft !== null && sketch.program.source === sketch.draft;
}
