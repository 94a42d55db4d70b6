import { useCallback, useEffect, useRef, useState } from 'react';
import type { Sketch } from '#shared/schemas/sketches.ts';
import { type Draft, type SketchKey, sketchStore } from '#web/lib/sketch-store.ts';
import { fetchServerVersion, keepAsOwnSketch, sendDraft, sendWaitingDrafts } from '#web/lib/sketch-sync.ts';

/** How long changes may pause before the draft goes to the account. */
const SAVE_AFTER_MS = 1500;

export type SaveState = 'loading' | 'unchanged' | 'waiting' | 'saving' | 'saved' | 'on-device' | 'missing';

/** A blocks sketch's Blockly workspace, as Blockly saves it. */
export type Blocks = NonNullable<Sketch['blocks']>;

/** What a learner changes: the sketch's text, and for a sketch made with blocks, its blocks (null: turned into code). */
export interface SketchContent {
  readonly source: string;
  readonly blocks?: Blocks | null;
}

export interface SavedSketchOptions {
  readonly userId: string;
  readonly key: SketchKey;
  /** The tutorial's text a tutorial version starts from; null for a sketch of one's own. */
  readonly original: string | null;
  /** A sketch of one's own: its name and circuit, saved with every change. */
  readonly own: { readonly name: string; readonly circuit: string } | undefined;
  /** Where a version from another device is kept apart. */
  readonly circuit: string;
  readonly fileName: string;
}

/** An own sketch's name and circuit as a save sends them, with its blocks when it is made of blocks. */
function ownWith(own: SavedSketchOptions['own'], content: SketchContent): Draft['own'] {
  if (!own) return undefined;
  return content.blocks === undefined ? { ...own } : { ...own, blocks: content.blocks };
}

/**
 * A learner's sketch between the editor (text or blocks) and their account (issue 32): opened from a
 * draft this device has not sent yet, else the account's copy, else the tutorial's text; every
 * change kept on the device at once and sent a moment later; a newer version saved on another device
 * meanwhile is kept apart as a sketch of their own, never written over; what waits on the device goes
 * when the network is back.
 */
export function useSavedSketch({ userId, key, original, own, circuit, fileName }: SavedSketchOptions) {
  const [opened, setOpened] = useState<{
    source: string;
    blocks: Blocks | null;
    revision: number | null;
  } | null>(null);
  const [save, setSave] = useState<SaveState>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const revision = useRef<number | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<{ own: SavedSketchOptions['own']; content: SketchContent }>({
    own,
    content: { source: original ?? '' },
  });
  latest.current.own = own;

  useEffect(() => {
    let gone = false;
    (async () => {
      const draft = await sketchStore.draft(userId, key);
      const server = await fetchServerVersion(key).catch(() => undefined);
      if (gone) return;
      let text = original;
      let blocks: Blocks | null = null;
      let base: number | null = null;
      if (draft?.dirty) {
        text = draft.source;
        blocks = draft.own?.blocks ?? null;
        base = draft.baseRevision;
      } else if (server) {
        text = server.source;
        blocks = server.blocks;
        base = server.revision;
      } else if (server === undefined && draft) {
        // Offline: the copy this device last saw.
        text = draft.source;
        blocks = draft.own?.blocks ?? null;
        base = draft.baseRevision;
      }
      if (text === null) {
        // A sketch of one's own that neither this device nor the account has: deleted, or never made here.
        setSave('missing');
        return;
      }
      revision.current = base;
      latest.current.content = blocks ? { source: text, blocks } : { source: text };
      setOpened({ source: text, blocks, revision: base });
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
    async (content: SketchContent) => {
      setSave('saving');
      const draft = {
        source: content.source,
        baseRevision: revision.current,
        own: ownWith(latest.current.own, content),
      };
      const outcome = await sendDraft(userId, key, draft).catch(() => ({ kind: 'offline' as const }));
      if (outcome.kind === 'saved') {
        revision.current = outcome.revision;
        setSave('saved');
      } else if (outcome.kind === 'deleted-elsewhere') {
        setSave('missing');
      } else if (outcome.kind === 'changed-elsewhere') {
        // Another device saved a newer version meanwhile. This device's version stays open and is saved;
        // the other is kept as a sketch of the learner's own, so neither is lost, and they are told.
        const name = `${latest.current.own?.name ?? fileName} (from another device)`;
        const { source, blocks } = outcome.current;
        const kept = await keepAsOwnSketch(name, circuit, source, blocks).then(
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

  /**
   * The learner changed the sketch (or renamed it): kept on the device at once (the promise says
   * when), sent a moment later.
   */
  const change = useCallback(
    (content: SketchContent): Promise<void> => {
      latest.current.content = content;
      setSave('waiting');
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void flush(content), SAVE_AFTER_MS);
      return sketchStore.keepDraft(userId, key, content.source, revision.current, ownWith(latest.current.own, content));
    },
    [userId, key, flush],
  );

  // A renamed sketch of one's own is saved as a change is (not on first opening it).
  const named = useRef({ name: own?.name, circuit: own?.circuit });
  useEffect(() => {
    if (named.current.name === own?.name && named.current.circuit === own?.circuit) return;
    named.current = { name: own?.name, circuit: own?.circuit };
    if (opened) void change(latest.current.content);
  }, [own?.name, own?.circuit, opened, change]);

  // The network is back: what waits on this device goes to the account.
  useEffect(() => {
    const online = () => void sendWaitingDrafts(userId).then(() => setSave((s) => (s === 'on-device' ? 'saved' : s)));
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (saveTimer.current) clearTimeout(saveTimer.current);
    };
  }, [userId]);

  /** The version was dropped ("Back to the tutorial's code"): nothing waits to be sent, and it starts again. */
  const restarted = useCallback((content: SketchContent) => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    revision.current = null;
    latest.current.content = content;
    setSave('unchanged');
  }, []);

  return { opened, save, notice, change, restarted };
}
