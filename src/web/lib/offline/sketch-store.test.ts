import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createProgramCache, createSketchDrafts } from './sketch-store.ts';

const ALICE = 'alice-id';
const BOB = 'bob-id';
const SLUG = 'plant-watering-robot';

describe('the learner’s drafts on this device (IndexedDB, per account and tutorial)', () => {
  it('keeps a draft across store instances (a reload), for its account and tutorial only', async () => {
    const drafts = createSketchDrafts(() => 1000);
    expect(await drafts.save(ALICE, SLUG, 'void setup() {}\nvoid loop() {}\n')).toEqual({
      source: 'void setup() {}\nvoid loop() {}\n',
      savedAt: 1000,
    });
    const afterReload = createSketchDrafts();
    expect((await afterReload.read(ALICE, SLUG))?.source).toBe('void setup() {}\nvoid loop() {}\n');
    expect(await afterReload.read(BOB, SLUG)).toBeNull();
    expect(await afterReload.read(ALICE, 'obstacle-avoiding-robot')).toBeNull();
  });

  it('keeps only the last save, and "Back to the tutorial’s code" discards it', async () => {
    const drafts = createSketchDrafts();
    await drafts.save(BOB, SLUG, 'first');
    await drafts.save(BOB, SLUG, 'second');
    expect((await drafts.read(BOB, SLUG))?.source).toBe('second');
    await drafts.discard(BOB, SLUG);
    expect(await createSketchDrafts().read(BOB, SLUG)).toBeNull();
  });
});

describe('the last compiled program on this device', () => {
  it('keeps the program with the source it was compiled from, per account', async () => {
    const cache = createProgramCache(() => 5);
    const program = {
      source: 'x',
      hex: ':00000001FF\n',
      clock: { millis: 0x130, overflowCount: 0x12c },
      flashBytes: 924,
    };
    await cache.keep(ALICE, SLUG, program);
    expect(await createProgramCache().read(ALICE, SLUG)).toEqual({ ...program, savedAt: 5 });
    expect(await createProgramCache().read(BOB, SLUG)).toBeNull();
  });
});
