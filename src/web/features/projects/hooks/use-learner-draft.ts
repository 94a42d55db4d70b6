import { useEffect, useState } from 'react';
import type { Board } from '#shared/content/projects.ts';
import { programFor } from '#web/lib/sketch-compile.ts';
import { type Draft, type SketchKey, sketchStore } from '#web/lib/sketch-store.ts';

/**
 * The learner's version of a tutorial's sketch (or their own sketch) on this device, if there is one,
 * for the upload and the downloads: its text and its program as the editor holds them now.
 */
export function useLearnerDraft(userId: string | null | undefined, key: SketchKey, board: Board) {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (!userId) return;
    let gone = false;
    void sketchStore.draft(userId, key).then((found) => {
      if (!gone) setDraft(found ?? null);
    });
    return () => {
      gone = true;
    };
  }, [userId, key]);
  const [problem, setProblem] = useState<string | null>(null);
  /** Its text now (not when the panel opened); null without one. */
  const source = async (): Promise<string | null> =>
    userId ? ((await sketchStore.draft(userId, key))?.source ?? null) : null;
  /** Its program: the one this device compiled from the same text, or compiled now. Null, said why, when it cannot be. */
  const program = async (): Promise<string | null> => {
    if (!userId) return null;
    setProblem(null);
    const text = await source();
    if (text === null) return null;
    const result = await programFor(userId, key, board, text);
    if (result.kind === 'program') return result.program.hex;
    setProblem(
      result.kind === 'mistakes'
        ? 'Your code has a mistake to fix first: press Run in the editor above to see it.'
        : result.message,
    );
    return null;
  };
  return { draft, source, program, problem, setProblem };
}
