import {
  type Sketch,
  type SketchSummary,
  sketchChangedSchema,
  sketchListSchema,
  sketchSchema,
} from '#shared/schemas/sketches.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { announceChange } from '#web/lib/query-client.tsx';
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

/** Sends a draft (its text, and an own sketch's name and circuit); what the server took is marked saved on the device. */
export async function sendDraft(
  userId: string,
  key: SketchKey,
  draft: Pick<Draft, 'source' | 'baseRevision' | 'own'>,
): Promise<SaveOutcome> {
  const target = targetOf(key);
  const { source, baseRevision, own } = draft;
  if (target.kind === 'own' && !own)
    throw new Error('A sketch of the learner’s own is saved with its name and circuit.');
  try {
    const saved = await authedRequest(pathOf(target), sketchSchema, {
      method: 'PUT',
      body:
        own && target.kind === 'own'
          ? { ...own, source, base_revision: baseRevision }
          : { source, base_revision: baseRevision },
    });
    await sketchStore.saved(userId, key, source, saved.revision);
    if (target.kind === 'own') announceChange(ownSketchesQueryKey(userId));
    return { kind: 'saved', revision: saved.revision };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) {
      const changed = sketchChangedSchema.safeParse(error.payload);
      if (changed.success) {
        // Keep the learner's text, now based on the newer revision: the next save is theirs to make.
        await sketchStore.keepDraft(userId, key, source, changed.data.error.current.revision);
        return { kind: 'changed-elsewhere', current: changed.data.error.current };
      }
    }
    if (error instanceof ApiRequestError && error.status === 404 && target.kind === 'own') {
      await sketchStore.forget(userId, key);
      return { kind: 'deleted-elsewhere' };
    }
    if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) return { kind: 'offline' };
    throw error;
  }
}

/**
 * Keeps a version as a new sketch of the learner's own: where two devices changed the same code, the
 * one not shown is kept this way, never written over.
 */
export async function keepAsOwnSketch(
  name: string,
  circuit: string,
  source: string,
  blocks: Sketch['blocks'] = null,
): Promise<void> {
  await authedRequest(`/api/sketches/${crypto.randomUUID()}`, sketchSchema, {
    method: 'PUT',
    body: { name: name.slice(0, 60), circuit, source, blocks, base_revision: null },
  });
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
  await sketchStore.forget(userId, key);
  announceChange(ownSketchesQueryKey(userId));
}

/** "Back to the tutorial's code": the learner's version goes, here and (when online) on their account. */
export async function dropTutorialVersion(userId: string, key: SketchKey): Promise<void> {
  await sketchStore.forget(userId, key);
  await authedRequest(pathOf(targetOf(key)), z.null(), { method: 'DELETE' }).catch((error: unknown) => {
    // Offline: the server's copy goes at the next "Back to the tutorial's code" or is replaced by the next save.
    if (!(error instanceof ApiRequestError && error.status === 0)) throw error;
  });
}

/** The learner's own sketches this device holds and the account has not taken yet (made offline). */
export async function unsentOwnSketches(userId: string): Promise<{ key: SketchKey; name: string; circuit: string }[]> {
  return (await sketchStore.unsent(userId)).flatMap(({ key, draft }) =>
    key.startsWith('own:') && draft.own && draft.baseRevision === null ? [{ key, ...draft.own }] : [],
  );
}

/** Sends every draft of the account still waiting (the network is back, or the app started). */
export async function sendWaitingDrafts(userId: string): Promise<void> {
  for (const { key, draft } of await sketchStore.unsent(userId)) {
    // An own sketch's draft that lost its name and circuit (another version of the app's) stays on the device.
    if (key.startsWith('own:') && !draft.own) continue;
    const outcome = await sendDraft(userId, key, draft);
    if (outcome.kind === 'offline') return;
  }
}
