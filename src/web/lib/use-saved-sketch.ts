import { useCallback, useEffect, useRef, useState } from 'react';
import type { Sketch } from '#shared/schemas/sketches.ts';
import { type Draft, type SketchKey, sketchStore } from '#web/lib/sketch-store.ts';
import { fetchServerVersion, fromAnotherDevice, saveKeepingBoth, sendWaitingDrafts } from '#web/lib/sketch-sync.ts';

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
export function useSavedSketch({ userId, key, original, own, fileName }: SavedSketchOptions) {
  const [opened, setOpened] = useState<{
    source: string;
    blocks: Blocks | null;
    revision: number | null;
  } | null>(null);
  const [save, setSave] = useState<SaveState>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const revision = useRef<number | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<{ own: SavedSketchOptions['own']; fileName: string; content: SketchContent }>({
    own,
    fileName,
    content: { source: original ?? '' },
  });
  latest.current.own = own;
  latest.current.fileName = fileName;

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
    async (content: SketchContent, keepalive = false) => {
      setSave('saving');
      const draft = {
        source: content.source,
        baseRevision: revision.current,
        own: ownWith(latest.current.own, content),
      };
      // Where another device saved a newer version meanwhile, that one is kept as a sketch of the
      // learner's own under this name; this device's version stays open and is saved.
      const otherName = fromAnotherDevice(latest.current.own?.name ?? latest.current.fileName);
      const outcome = await saveKeepingBoth(userId, key, draft, otherName, { keepalive }).catch(() => ({
        kind: 'offline' as const,
      }));
      if (outcome.kind === 'saved') {
        revision.current = outcome.revision;
        setSave('saved');
      } else if (outcome.kind === 'deleted-elsewhere') {
        setSave('missing');
      } else if (outcome.kind === 'kept-both') {
        revision.current = outcome.current.revision;
        setNotice(
          outcome.keptAs
            ? `This code was also changed on another device. You see this device’s version; the other is kept in your account as “${outcome.keptAs}”.`
            : 'This code was also changed on another device, and we could not keep that version apart: it stays on your account until this one is saved.',
        );
        if (outcome.mine.kind === 'saved') {
          revision.current = outcome.mine.revision;
          setSave('saved');
        } else setSave('on-device');
      } else setSave('on-device');
    },
    [userId, key],
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
      saveTimer.current = setTimeout(() => {
        saveTimer.current = null;
        void flush(content);
      }, SAVE_AFTER_MS);
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
    return () => window.removeEventListener('online', online);
  }, [userId]);

  // A change still waiting for its moment goes at once when the page is hidden or left (keepalive, so
  // the request outlives the page) and when the editor closes for another page of the app (issue 43).
  useEffect(() => {
    const sendNow = (keepalive: boolean) => {
      if (saveTimer.current === null) return;
      clearTimeout(saveTimer.current);
      saveTimer.current = null;
      void flush(latest.current.content, keepalive);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') sendNow(true);
    };
    const left = () => sendNow(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', left);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', left);
      sendNow(false);
    };
  }, [flush]);

  /** The version was dropped ("Back to the tutorial's code"): nothing waits to be sent, and it starts again. */
  const restarted = useCallback((content: SketchContent) => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    revision.current = null;
    latest.current.content = content;
    setSave('unchanged');
  }, []);

  return { opened, save, notice, change, restarted };
}
