import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from '#shared/schemas/z.ts';
import { createPendingStore } from './pending-store.ts';

const tickSchema = z.object({ step: z.number().int(), done: z.boolean() });
const ALICE = 'alice-id';
const BOB = 'bob-id';

describe('the offline queue of changes (IndexedDB, per account)', () => {
  it('keeps changes in the order they were made, per account, across store instances (a reload)', async () => {
    const first = createPendingStore(tickSchema);
    await first.add(ALICE, 'step:1', { step: 1, done: true });
    await first.add(ALICE, 'step:2', { step: 2, done: true });
    await first.add(BOB, 'step:1', { step: 1, done: false });

    const afterReload = createPendingStore(tickSchema);
    expect((await afterReload.read(ALICE)).map((e) => e.change)).toEqual([
      { step: 1, done: true },
      { step: 2, done: true },
    ]);
    expect((await afterReload.read(BOB)).map((e) => e.change)).toEqual([{ step: 1, done: false }]);
    expect(await afterReload.read('nobody')).toEqual([]);
  });

  it('lets a newer change to the same target replace the older one, at the end of the queue', async () => {
    const store = createPendingStore(tickSchema);
    const user = 'replace-user';
    await store.add(user, 'step:1', { step: 1, done: true });
    await store.add(user, 'step:2', { step: 2, done: true });
    await store.add(user, 'step:1', { step: 1, done: false });
    expect((await store.read(user)).map((e) => e.change)).toEqual([
      { step: 2, done: true },
      { step: 1, done: false },
    ]);
  });

  it('removes exactly the change that was sent, not a newer one to the same target', async () => {
    const store = createPendingStore(tickSchema);
    const user = 'remove-user';
    const sent = await store.add(user, 'step:1', { step: 1, done: true });
    const newer = await store.add(user, 'step:1', { step: 1, done: false });
    await store.remove(user, sent.id);
    expect(await store.read(user)).toEqual([newer]);
    await store.remove(user, newer.id);
    expect(await store.read(user)).toEqual([]);
  });

  it('drops what it cannot parse instead of trusting it', async () => {
    const user = 'corrupt-user';
    const loose = createPendingStore(z.unknown());
    await loose.add(user, 'a', { step: 'one', done: 'yes' });
    await loose.add(user, 'b', { step: 3, done: true });
    const strict = createPendingStore(tickSchema);
    expect((await strict.read(user)).map((e) => e.change)).toEqual([{ step: 3, done: true }]);
  });

  it('two writers at once lose neither change (one transaction per write)', async () => {
    const user = 'race-user';
    const tabA = createPendingStore(tickSchema);
    const tabB = createPendingStore(tickSchema);
    await Promise.all([
      tabA.add(user, 'step:1', { step: 1, done: true }),
      tabB.add(user, 'step:2', { step: 2, done: true }),
    ]);
    expect((await tabA.read(user)).map((e) => e.target).sort()).toEqual(['step:1', 'step:2']);
  });
});
