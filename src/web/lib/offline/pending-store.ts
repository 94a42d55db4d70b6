import { createStore, get, type UseStore, update } from 'idb-keyval';
import { z } from '#shared/schemas/z.ts';

/** One change waiting for the server, in the order it was made. */
export interface PendingEntry<T> {
  readonly id: string;
  /** What the change sets (one step, one bookmark): a newer change to the same target replaces it. */
  readonly target: string;
  readonly change: T;
}

export interface PendingStore<T> {
  /** The account's waiting changes, oldest first. */
  read(userId: string): Promise<PendingEntry<T>[]>;
  /** Adds a change at the end, dropping any earlier one to the same target (they set a state, so the last wins). */
  add(userId: string, target: string, change: T): Promise<PendingEntry<T>>;
  /** Drops one change once the server has answered it. */
  remove(userId: string, id: string): Promise<void>;
}

/** The IndexedDB database and object store of the queue (one array of entries per account). */
export const PENDING_DATABASE = 'roboforge-offline';
export const PENDING_OBJECT_STORE = 'pending-changes';

function openStore(): UseStore | null {
  try {
    return typeof indexedDB === 'undefined' ? null : createStore(PENDING_DATABASE, PENDING_OBJECT_STORE);
  } catch {
    return null;
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Changes made while the server could not be reached, kept per account in IndexedDB so they
 * survive a reload or a closed tab (product D15). Each read is parsed with `schema`: what another
 * version of the app stored is dropped, not trusted. Where IndexedDB is missing or refuses
 * (private windows of some browsers), the changes live in memory for as long as the tab does.
 */
export function createPendingStore<T extends z.ZodType>(schema: T): PendingStore<z.infer<T>> {
  type Entry = PendingEntry<z.infer<T>>;
  const listSchema = z.array(z.object({ id: z.string(), target: z.string(), change: z.unknown() }));
  const parse = (value: unknown): Entry[] => {
    const list = listSchema.safeParse(value ?? []);
    if (!list.success) return [];
    const entries: Entry[] = [];
    for (const { id, target, change } of list.data) {
      const parsed = schema.safeParse(change);
      if (parsed.success) entries.push({ id, target, change: parsed.data });
    }
    return entries;
  };
  const memory = new Map<string, Entry[]>();
  // Opened on first use; null for good once IndexedDB has failed, so memory alone holds the truth.
  let store: UseStore | null | undefined;
  const database = () => {
    if (store === undefined) store = openStore();
    return store;
  };

  // One read-modify-write in one IndexedDB transaction, so two tabs never lose each other's change.
  async function modify(userId: string, change: (entries: Entry[]) => Entry[]): Promise<void> {
    const db = database();
    if (db) {
      try {
        await update(userId, (value: unknown) => change(parse(value)), db);
        return;
      } catch {
        store = null;
      }
    }
    memory.set(userId, change(memory.get(userId) ?? []));
  }

  return {
    async read(userId) {
      const db = database();
      if (db) {
        try {
          return parse(await get(userId, db));
        } catch {
          store = null;
        }
      }
      return memory.get(userId) ?? [];
    },
    async add(userId, target, change) {
      const entry: Entry = { id: newId(), target, change };
      await modify(userId, (entries) => [...entries.filter((e) => e.target !== target), entry]);
      return entry;
    },
    async remove(userId, id) {
      await modify(userId, (entries) => entries.filter((e) => e.id !== id));
    },
  };
}
