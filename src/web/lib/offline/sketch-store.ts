import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { z } from '#shared/schemas/z.ts';

/*
 * The learner's own version of a tutorial's sketch, kept on this device per account and tutorial
 * (issue 32), and the last program the server compiled from it, so Run works offline. Behind these
 * two small interfaces so syncing drafts with the server can be added later without touching pages.
 */

export interface SketchDraft {
  readonly source: string;
  /** When it was last saved, ms since the epoch. */
  readonly savedAt: number;
}

/** A program compiled from exactly `source` (the compile API's answer, kept). */
export interface KeptProgram {
  readonly source: string;
  readonly hex: string;
  readonly clock: { readonly millis: number; readonly overflowCount: number };
  readonly flashBytes: number;
  readonly savedAt: number;
}

export interface SketchDrafts {
  read(userId: string, slug: string): Promise<SketchDraft | null>;
  save(userId: string, slug: string, source: string): Promise<SketchDraft>;
  /** "Back to the tutorial's code": the draft is gone. */
  discard(userId: string, slug: string): Promise<void>;
}

export interface ProgramCache {
  read(userId: string, slug: string): Promise<KeptProgram | null>;
  keep(userId: string, slug: string, program: Omit<KeptProgram, 'savedAt'>): Promise<void>;
}

/** Separate databases: idb-keyval opens one object store per database. */
export const DRAFTS_DATABASE = 'roboforge-sketch-drafts';
export const PROGRAMS_DATABASE = 'roboforge-sketch-programs';
const OBJECT_STORE = 'keyval';

const draftSchema = z.object({ source: z.string(), savedAt: z.number() });
const programSchema = z.object({
  source: z.string(),
  hex: z.string(),
  clock: z.object({ millis: z.number().int(), overflowCount: z.number().int() }),
  flashBytes: z.number().int().nonnegative(),
  savedAt: z.number(),
});

const keyOf = (userId: string, slug: string) => `${userId}\u0000${slug}`;

/**
 * One record per account and tutorial in IndexedDB, each read parsed (what another version of the
 * app stored is dropped, not trusted). Where IndexedDB is missing or refuses (some private
 * windows), records live in memory for as long as the tab does.
 */
function keyedStore<T>(databaseName: string, schema: z.ZodType<T>) {
  const memory = new Map<string, T>();
  let store: UseStore | null | undefined;
  const database = () => {
    if (store === undefined) {
      try {
        store = typeof indexedDB === 'undefined' ? null : createStore(databaseName, OBJECT_STORE);
      } catch {
        store = null;
      }
    }
    return store;
  };
  return {
    async read(key: string): Promise<T | null> {
      const db = database();
      if (db) {
        try {
          const parsed = schema.safeParse(await get(key, db));
          return parsed.success ? parsed.data : null;
        } catch {
          store = null;
        }
      }
      return memory.get(key) ?? null;
    },
    async write(key: string, value: T): Promise<void> {
      const db = database();
      if (db) {
        try {
          await set(key, value, db);
          return;
        } catch {
          store = null;
        }
      }
      memory.set(key, value);
    },
    async remove(key: string): Promise<void> {
      memory.delete(key);
      const db = database();
      if (db) {
        try {
          await del(key, db);
        } catch {
          store = null;
        }
      }
    },
  };
}

export function createSketchDrafts(now: () => number = Date.now): SketchDrafts {
  const records = keyedStore(DRAFTS_DATABASE, draftSchema);
  return {
    read: (userId, slug) => records.read(keyOf(userId, slug)),
    async save(userId, slug, source) {
      const draft = { source, savedAt: now() };
      await records.write(keyOf(userId, slug), draft);
      return draft;
    },
    discard: (userId, slug) => records.remove(keyOf(userId, slug)),
  };
}

export function createProgramCache(now: () => number = Date.now): ProgramCache {
  const records = keyedStore(PROGRAMS_DATABASE, programSchema);
  return {
    read: (userId, slug) => records.read(keyOf(userId, slug)),
    keep: (userId, slug, program) => records.write(keyOf(userId, slug), { ...program, savedAt: now() }),
  };
}

/**
 * Deletes the compiled programs kept on this device (on sign-out, with the rest of the personal
 * copy). Drafts stay, keyed by account like the changes still waiting for the server: they are the
 * learner's only copy until drafts sync, and no other account reads them.
 */
export async function forgetKeptPrograms(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(PROGRAMS_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
