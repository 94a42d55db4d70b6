import { type Sketch, sketchChangedSchema, sketchListSchema, sketchSchema } from '#shared/schemas/sketches.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { type SketchKey, sketchStore } from '#web/lib/sketch-store.ts';

/*
 * The learner's version of a tutorial's code between this device and their account: a draft is
 * kept on the device as they type and sent when the network allows; a newer version saved from
 * another device meanwhile is never written over (the server answers 409 with it): the learner's
 * text then stays on this device as the draft, based on that newer revision, and they are told.
 */

const tutorialPath = (slug: string) => `/api/sketches/tutorials/${encodeURIComponent(slug)}`;
const slugOf = (key: SketchKey) => (key.startsWith('tutorial:') ? key.slice('tutorial:'.length) : null);

/**
 * The server's version of a tutorial's sketch for the signed-in learner, or null when they have
 * none. The list says first whether there is one: a learner who never changed the code is not a
 * failed request (the browser's console would call a 404 one).
 */
export async function fetchTutorialVersion(slug: string, signal?: AbortSignal): Promise<Sketch | null> {
  const { sketches } = await authedRequest('/api/sketches', sketchListSchema, { signal });
  if (!sketches.some((sketch) => sketch.kind === 'tutorial' && sketch.circuit === slug)) return null;
  try {
    return await authedRequest(tutorialPath(slug), sketchSchema, { signal });
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
  | { readonly kind: 'offline' };

/** Sends a draft; what the server took is marked saved on the device. */
export async function sendDraft(
  userId: string,
  key: SketchKey,
  source: string,
  baseRevision: number | null,
): Promise<SaveOutcome> {
  const slug = slugOf(key);
  if (slug === null) return { kind: 'offline' };
  try {
    const saved = await authedRequest(tutorialPath(slug), sketchSchema, {
      method: 'PUT',
      body: { source, base_revision: baseRevision },
    });
    await sketchStore.saved(userId, key, source, saved.revision);
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
    if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) return { kind: 'offline' };
    throw error;
  }
}

/**
 * Keeps a version as a sketch of the learner's own (on the tutorial's circuit): where two devices
 * changed the same code, the one not shown is kept this way, never written over.
 */
export async function keepAsOwnSketch(name: string, circuit: string, source: string): Promise<void> {
  await authedRequest(`/api/sketches/${crypto.randomUUID()}`, sketchSchema, {
    method: 'PUT',
    body: { name: name.slice(0, 60), circuit, source, base_revision: null },
  });
}

/** "Back to the tutorial's code": the learner's version goes, here and on their account. */
export async function dropTutorialVersion(userId: string, slug: string, key: SketchKey): Promise<void> {
  await sketchStore.forget(userId, key);
  await authedRequest(tutorialPath(slug), z.null(), { method: 'DELETE' }).catch((error: unknown) => {
    // Offline: the server's copy goes at the next "Back to the tutorial's code" or is replaced by the next save.
    if (!(error instanceof ApiRequestError && error.status === 0)) throw error;
  });
}

/** Sends every draft of the account still waiting (the network is back, or the app started). */
export async function sendWaitingDrafts(userId: string): Promise<void> {
  for (const { key, draft } of await sketchStore.unsent(userId)) {
    const outcome = await sendDraft(userId, key, draft.source, draft.baseRevision);
    if (outcome.kind === 'offline') return;
  }
}
