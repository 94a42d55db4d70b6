import {
  SKETCH_NAME_MAX_LENGTH,
  type Sketch,
  type SketchSummary,
  sketchChangedSchema,
  sketchListSchema,
  sketchSchema,
} from '#shared/schemas/sketches.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest, sessionManager } from '#web/lib/auth/session.ts';
import { announceChange, queryClient } from '#web/lib/query-client.tsx';
import { type Draft, ownSketchKey, type SketchKey, sketchStore } from '#web/lib/sketch-store.ts';

/*
 * A learner's code between this device and their account: their version of a tutorial's sketch
 * (`tutorial:<slug>`) or a sketch of their own (`own:<id>`, the playground's). A draft is kept on the
 * device as they type and sent when the network allows; a newer version saved from another device
 * meanwhile is never written over (the server answers 409 with it): the learner's text then stays on
 * this device as the draft, based on that newer revision, and they are told.
 */

type Target = { readonly kind: 'tutorial'; readonly slug: string } | { readonly kind: 'own'; readonly id: string };

function targetOf(key: SketchKey): Target {
  const [kind, rest] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  return kind === 'tutorial' ? { kind: 'tutorial', slug: rest } : { kind: 'own', id: rest };
}

const pathOf = (target: Target) =>
  target.kind === 'tutorial'
    ? `/api/sketches/tutorials/${encodeURIComponent(target.slug)}`
    : `/api/sketches/${encodeURIComponent(target.id)}`;

const isListed = (list: readonly SketchSummary[], target: Target) =>
  list.some((sketch) =>
    target.kind === 'tutorial' ? sketch.kind === 'tutorial' && sketch.circuit === target.slug : sketch.id === target.id,
  );

/** The query key of the learner's own sketches (ownSketchesQueryOptions uses it), which other tabs read again after a save here. */
export const ownSketchesQueryKey = (userId: string) => ['sketches', 'own', userId] as const;

/** The account's sketches, newest first (the server's order), without their text. */
export async function fetchSketchList(signal?: AbortSignal): Promise<readonly SketchSummary[]> {
  return (await authedRequest('/api/sketches', sketchListSchema, { signal })).sketches;
}

/**
 * The account's copy of a sketch, or null when it has none. The list says first whether there is
 * one: a learner who never changed a tutorial's code is not a failed request (the browser's console
 * would call a 404 one).
 */
export async function fetchServerVersion(key: SketchKey, signal?: AbortSignal): Promise<Sketch | null> {
  const target = targetOf(key);
  if (!isListed(await fetchSketchList(signal), target)) return null;
  try {
    return await authedRequest(pathOf(target), sketchSchema, { signal });
  } catch (error) {
    // Deleted from another device between the two requests.
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly revision: number }
  /** Another device saved a newer version: it is `current`; this device's text was kept as the draft. */
  | { readonly kind: 'changed-elsewhere'; readonly current: Sketch }
  /** A sketch of the learner's own that was deleted on another device: this device forgets it too. */
  | { readonly kind: 'deleted-elsewhere' }
  | { readonly kind: 'offline' };

const OFFLINE = { kind: 'offline' } as const;

/**
 * The most a save sent as the page is left may carry: browsers refuse a larger `keepalive` body (64 KiB,
 * for all of them in flight together); a larger one goes as a normal request, and what the page did
 * not live to hear is sent again at the next start.
 */
export const KEEPALIVE_BODY_MAX_BYTES = 64 * 1024;

/**
 * The revision this tab last saved of each sketch: a save from another path (the one at the start,
 * the editor's) goes on from it, rather than take this tab's own save for another device's.
 */
const savedHere = new Map<string, number>();
const savedHereKey = (userId: string, key: SketchKey) => `${userId}\u0000${key}`;

function baseOf(userId: string, key: SketchKey, baseRevision: number | null): number | null {
  const saved = savedHere.get(savedHereKey(userId, key));
  return saved !== undefined && (baseRevision === null || saved > baseRevision) ? saved : baseRevision;
}

/** Whether the account's copy is already what this device sends: its own save, whose answer it never heard (the page was left). */
function alreadyHas(current: Sketch, target: Target, draft: Pick<Draft, 'source' | 'own'>): boolean {
  if (current.source !== draft.source) return false;
  if (target.kind === 'tutorial') return true;
  const { own } = draft;
  return (
    own !== undefined &&
    current.name === own.name &&
    current.circuit === own.circuit &&
    JSON.stringify(current.blocks) === JSON.stringify(own.blocks ?? null)
  );
}

async function savedAs(userId: string, key: SketchKey, source: string, revision: number): Promise<SaveOutcome> {
  savedHere.set(savedHereKey(userId, key), revision);
  await sketchStore.saved(userId, key, source, revision);
  if (targetOf(key).kind === 'own') {
    // The list (a new name, a new sketch) is read again here and in the other tabs.
    void queryClient.invalidateQueries({ queryKey: ownSketchesQueryKey(userId), exact: true });
    announceChange(ownSketchesQueryKey(userId));
  }
  return { kind: 'saved', revision };
}

/**
 * Sends a draft (its text, and an own sketch's name and circuit); what the server took is marked saved
 * on the device. `keepalive`: the page is being left, and the request must outlive it.
 */
export async function sendDraft(
  userId: string,
  key: SketchKey,
  draft: Pick<Draft, 'source' | 'baseRevision' | 'own'>,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<SaveOutcome> {
  const target = targetOf(key);
  const { source, own } = draft;
  const baseRevision = baseOf(userId, key, draft.baseRevision);
  if (target.kind === 'own' && !own)
    throw new Error('A sketch of the learner’s own is saved with its name and circuit.');
  const body =
    own && target.kind === 'own'
      ? { ...own, source, base_revision: baseRevision }
      : { source, base_revision: baseRevision };
  try {
    // No await before the request: on `pagehide` it must leave while the page is still there.
    const saved = await authedRequest(pathOf(target), sketchSchema, {
      method: 'PUT',
      body,
      keepalive: keepalive && new TextEncoder().encode(JSON.stringify(body)).byteLength <= KEEPALIVE_BODY_MAX_BYTES,
    });
    return await savedAs(userId, key, source, saved.revision);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) {
      const changed = sketchChangedSchema.safeParse(error.payload);
      if (changed.success) {
        const { current } = changed.data.error;
        if (alreadyHas(current, target, draft)) return await savedAs(userId, key, source, current.revision);
        // Keep the learner's text, now based on the newer revision: the next save is theirs to make.
        await sketchStore.keepDraft(userId, key, source, current.revision);
        return { kind: 'changed-elsewhere', current };
      }
    }
    if (error instanceof ApiRequestError && error.status === 404 && target.kind === 'own') {
      savedHere.delete(savedHereKey(userId, key));
      await sketchStore.forget(userId, key);
      return { kind: 'deleted-elsewhere' };
    }
    if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) return OFFLINE;
    throw error;
  }
}

/**
 * Keeps a version as a new sketch of the learner's own: where two devices changed the same code, the
 * one not shown is kept this way, never written over.
 */
async function keepAsOwnSketch(name: string, circuit: string, source: string, blocks: Sketch['blocks']): Promise<void> {
  await authedRequest(`/api/sketches/${crypto.randomUUID()}`, sketchSchema, {
    method: 'PUT',
    body: { name, circuit, source, blocks, base_revision: null },
  });
}

/** The name a version saved on another device is kept under: the sketch's (an own sketch's, else its file's), marked. */
export const fromAnotherDevice = (name: string) => `${name} (from another device)`.slice(0, SKETCH_NAME_MAX_LENGTH);

/**
 * A save where another device had saved a newer version meanwhile: that one is kept apart as `keptAs`
 * (null when it could not be: it stays on the account until this one is saved), then this one is
 * saved after it (`mine`).
 */
export type SaveBothOutcome =
  | Exclude<SaveOutcome, { kind: 'changed-elsewhere' }>
  | {
      readonly kind: 'kept-both';
      readonly keptAs: string | null;
      readonly current: Sketch;
      readonly mine: SaveOutcome;
    };

/**
 * Sends a draft so that neither version is lost: where another device saved meanwhile (409), its
 * version is kept as a sketch of the learner's own named `otherName`, and this device's is saved.
 * Rejects, as sendDraft does, when the server refuses the draft.
 */
export async function saveKeepingBoth(
  userId: string,
  key: SketchKey,
  draft: Pick<Draft, 'source' | 'baseRevision' | 'own'>,
  otherName: string,
  options: { keepalive?: boolean } = {},
): Promise<SaveBothOutcome> {
  const outcome = await sendDraft(userId, key, draft, options);
  if (outcome.kind !== 'changed-elsewhere') return outcome;
  const { current } = outcome;
  const target = targetOf(key);
  const circuit = target.kind === 'tutorial' ? target.slug : (draft.own?.circuit ?? current.circuit);
  const keptAs = await keepAsOwnSketch(otherName, circuit, current.source, current.blocks).then(
    () => otherName,
    () => null,
  );
  if (keptAs === null) return { kind: 'kept-both', keptAs, current, mine: OFFLINE };
  const mine = await sendDraft(userId, key, { ...draft, baseRevision: current.revision }).catch(() => OFFLINE);
  return { kind: 'kept-both', keptAs, current, mine };
}

/**
 * A new sketch of the learner's own, kept on the device at once and sent to the account (later when
 * offline): the playground opens it straight away either way.
 */
export async function createOwnSketch(userId: string, own: NonNullable<Draft['own']>, source: string): Promise<string> {
  const id = crypto.randomUUID();
  const key = ownSketchKey(id);
  await sketchStore.keepDraft(userId, key, source, null, own);
  // Refused (the account holds as many sketches as it may): nothing stays on the device to resend.
  const outcome = await sendDraft(userId, key, { source, baseRevision: null, own }).catch(async (error: unknown) => {
    await sketchStore.forget(userId, key);
    throw error;
  });
  if (outcome.kind === 'offline' || outcome.kind === 'saved') return id;
  throw new Error('The new sketch could not be kept.');
}

/** "Back to the tutorial's code", or deleting a sketch of one's own: it goes, here and on the account. */
export async function dropSketch(userId: string, key: SketchKey): Promise<void> {
  await authedRequest(pathOf(targetOf(key)), z.null(), { method: 'DELETE' });
  savedHere.delete(savedHereKey(userId, key));
  await sketchStore.forget(userId, key);
  announceChange(ownSketchesQueryKey(userId));
}

/** "Back to the tutorial's code": the learner's version goes, here and (when online) on their account. */
export async function dropTutorialVersion(userId: string, key: SketchKey): Promise<void> {
  savedHere.delete(savedHereKey(userId, key));
  await sketchStore.forget(userId, key);
  await authedRequest(pathOf(targetOf(key)), z.null(), { method: 'DELETE' }).catch((error: unknown) => {
    // Offline: the server's copy goes at the next "Back to the tutorial's code" or is replaced by the next save.
    if (!(error instanceof ApiRequestError && error.status === 0)) throw error;
  });
}

/**
 * The learner's own sketches with changes this device holds and the account has not taken yet: made
 * here offline (`onAccount` false), or renamed just now or offline.
 */
export async function unsentOwnSketches(
  userId: string,
): Promise<{ key: SketchKey; name: string; circuit: string; onAccount: boolean }[]> {
  return (await sketchStore.unsent(userId)).flatMap(({ key, draft }) =>
    key.startsWith('own:') && draft.own
      ? [{ key, name: draft.own.name, circuit: draft.own.circuit, onAccount: draft.baseRevision !== null }]
      : [],
  );
}

/** One pass over the waiting drafts at a time in this tab; across tabs, Web Locks where there are. */
let sending: Promise<unknown> = Promise.resolve();

function exclusively<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`roboforge-sketch-drafts:${userId}`, task) : task();
}

/**
 * Sends every draft of the account still waiting on this device (the app started, the network is
 * back, a sketch with one was opened), keeping both versions where another device saved meanwhile.
 * Resolves with the names the other devices' versions were kept under.
 */
export function sendWaitingDrafts(userId: string): Promise<string[]> {
  const pass = sending.then(() => exclusively(userId, () => sendEachWaiting(userId)));
  sending = pass.catch(() => undefined);
  return pass;
}

async function sendEachWaiting(userId: string): Promise<string[]> {
  const keptApart: string[] = [];
  for (const { key, draft } of await sketchStore.unsent(userId)) {
    // Only with this account's own session: another member's token must never carry this code.
    if (sessionManager().getSession()?.user.id !== userId) break;
    // An own sketch's draft that lost its name and circuit (another version of the app's) stays on the device.
    if (key.startsWith('own:') && !draft.own) continue;
    const target = targetOf(key);
    const name = draft.own?.name ?? (target.kind === 'tutorial' ? `${target.slug}.ino` : 'My sketch');
    // Refused by the server (it stays on the device, to be sent again): the next one is tried all the same.
    const outcome = await saveKeepingBoth(userId, key, draft, fromAnotherDevice(name)).catch(() => null);
    if (outcome?.kind === 'kept-both' && outcome.keptAs !== null) keptApart.push(outcome.keptAs);
    if (outcome?.kind === 'offline' || (outcome?.kind === 'kept-both' && outcome.mine.kind === 'offline')) break;
  }
  return keptApart;
}
