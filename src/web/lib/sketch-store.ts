import { createStore, del, entries, get, type UseStore, update } from 'idb-keyval';
import { BOARDS } from '#shared/content/projects.ts';
import { compiledSketchSchema } from '#shared/schemas/sketch-compile.ts';
import { z } from '#shared/schemas/z.ts';

/*
 * A learner's code on this device (issue 32): per account and per sketch, the text they are
 * writing (a draft, kept as they type and until the server has taken it) and the last program that
 * compiled from it (so Run works offline after one online compile, and Upload can send it). In
 * IndexedDB, so it survives a reload, a closed tab and a lost network; in memory where IndexedDB is
 * refused. Every read is parsed: what another version of the app stored is dropped, not trusted.
 */

const DATABASE = 'roboforge-sketches';
const OBJECT_STORE = 'sketches';

/** Which sketch: a learner's version of a tutorial (`tutorial:<slug>`), or one of their own (`own:<id>`). */
export type SketchKey = `tutorial:${string}` | `own:${string}`;
export const tutorialSketchKey = (slug: string): SketchKey => `tutorial:${slug}`;
export const ownSketchKey = (id: string): SketchKey => `own:${id}`;
const isSketchKey = (text: string): text is SketchKey => /^(?:tutorial|own):[\w-]+$/.test(text);

const draftSchema = z.object({
  source: z.string(),
  /** The server's revision this text was based on; null before the server has any. */
  baseRevision: z.number().int().min(1).nullable(),
  /** Changed here since the server last took it: to be sent, never to be dropped. */
  dirty: z.boolean(),
  updatedAt: z.number(),
  /**
   * A sketch of the learner's own: its name and circuit, which its save sends with the text, and
   * for one made with blocks its Blockly workspace (null once turned into code).
   */
  own: z
    .object({
      name: z.string(),
      circuit: z.string(),
      blocks: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .optional(),
});
export type Draft = z.infer<typeof draftSchema>;

const programSchema = compiledSketchSchema.omit({ cached: true }).extend({
  board: z.enum(BOARDS),
  /** The exact text it was compiled from. */
  source: z.string(),
  compiledAt: z.number(),
});
export type StoredProgram = z.infer<typeof programSchema>;

const recordSchema = z.object({ draft: draftSchema.optional(), program: programSchema.optional() });
type SketchRecord = z.infer<typeof recordSchema>;

function openStore(): UseStore | null {
  try {
    return typeof indexedDB === 'undefined' ? null : createStore(DATABASE, OBJECT_STORE);
  } catch {
    return null;
  }
}

let store: UseStore | null | undefined;
const memory = new Map<string, SketchRecord>();
const database = () => {
  if (store === undefined) store = openStore();
  return store;
};

const idOf = (userId: string, key: SketchKey) => `${userId}\u0000${key}`;
const parse = (value: unknown): SketchRecord => {
  const parsed = recordSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
};

async function read(userId: string, key: SketchKey): Promise<SketchRecord> {
  const db = database();
  if (db) {
    try {
      return parse(await get(idOf(userId, key), db));
    } catch {
      store = null;
    }
  }
  return memory.get(idOf(userId, key)) ?? {};
}

/** One read-modify-write in one IndexedDB transaction, so two tabs never lose each other's change. */
async function modify(userId: string, key: SketchKey, change: (record: SketchRecord) => SketchRecord): Promise<void> {
  const db = database();
  if (db) {
    try {
      await update(idOf(userId, key), (value: unknown) => change(parse(value)), db);
      return;
    } catch {
      store = null;
    }
  }
  memory.set(idOf(userId, key), change(memory.get(idOf(userId, key)) ?? {}));
}

export const sketchStore = {
  async draft(userId: string, key: SketchKey): Promise<Draft | undefined> {
    return (await read(userId, key)).draft;
  },

  /** The learner typed (or renamed their sketch): kept at once, marked to be sent. */
  async keepDraft(
    userId: string,
    key: SketchKey,
    source: string,
    baseRevision: number | null,
    own?: Draft['own'],
  ): Promise<void> {
    await modify(userId, key, (record) => {
      const kept = own ?? record.draft?.own;
      return {
        ...record,
        draft: { source, baseRevision, dirty: true, updatedAt: Date.now(), ...(kept ? { own: kept } : {}) },
      };
    });
  },

  /**
   * The server took `source` as `revision`: the draft is clean, unless the learner typed on since
   * (then it stays dirty, now based on the new revision).
   */
  async saved(userId: string, key: SketchKey, source: string, revision: number): Promise<void> {
    await modify(userId, key, (record) => {
      const draft = record.draft;
      const typedOn = draft !== undefined && draft.source !== source;
      return {
        ...record,
        draft: {
          source: typedOn ? draft.source : source,
          baseRevision: revision,
          dirty: typedOn,
          updatedAt: draft?.updatedAt ?? Date.now(),
          ...(draft?.own ? { own: draft.own } : {}),
        },
      };
    });
  },

  /** "Back to the tutorial's code": the draft and its program go. */
  async forget(userId: string, key: SketchKey): Promise<void> {
    const db = database();
    memory.delete(idOf(userId, key));
    if (db) await del(idOf(userId, key), db).catch(() => undefined);
  },

  async program(userId: string, key: SketchKey): Promise<StoredProgram | undefined> {
    return (await read(userId, key)).program;
  },

  async keepProgram(userId: string, key: SketchKey, program: StoredProgram): Promise<void> {
    await modify(userId, key, (record) => ({ ...record, program }));
  },

  /** The account's drafts not yet taken by the server, to send when the network is back. */
  async unsent(userId: string): Promise<{ key: SketchKey; draft: Draft }[]> {
    const prefix = `${userId}\u0000`;
    const all: [string, SketchRecord][] = [];
    const db = database();
    if (db) {
      try {
        for (const [id, value] of await entries(db)) if (typeof id === 'string') all.push([id, parse(value)]);
      } catch {
        store = null;
      }
    }
    if (!database()) all.push(...memory.entries());
    return all.flatMap(([id, record]) => {
      const key = id.slice(prefix.length);
      return id.startsWith(prefix) && isSketchKey(key) && record.draft?.dirty ? [{ key, draft: record.draft }] : [];
    });
  },
};
