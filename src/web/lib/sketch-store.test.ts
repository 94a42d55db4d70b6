import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ownSketchKey, type StoredProgram, sketchStore, tutorialSketchKey } from './sketch-store.ts';

const ALICE = 'alice-id';
const BOB = 'bob-id';
const PLANT = tutorialSketchKey('plant-watering-robot');
const program: StoredProgram = {
  hex: ':00000001FF\n',
  size: { flash: 924, ram: 9 },
  warnings: [],
  clock: { millis: 0x130, overflowCount: 0x12c },
  board: 'uno',
  source: 'void setup() {}\nvoid loop() {}\n',
  compiledAt: 1,
};

describe('the learner’s sketches on this device (IndexedDB, per account)', () => {
  it('keeps a draft per account and sketch, marked to be sent', async () => {
    await sketchStore.keepDraft(ALICE, PLANT, 'alice’s version', null);
    expect(await sketchStore.draft(ALICE, PLANT)).toMatchObject({ source: 'alice’s version', dirty: true });
    expect(await sketchStore.draft(BOB, PLANT)).toBeUndefined();
    expect(await sketchStore.draft(ALICE, tutorialSketchKey('line-follower'))).toBeUndefined();
    expect((await sketchStore.unsent(ALICE)).map(({ key }) => key)).toEqual([PLANT]);
    expect(await sketchStore.unsent(BOB)).toEqual([]);
  });

  it('is clean once the server took that text, and stays dirty when the learner typed on meanwhile', async () => {
    await sketchStore.keepDraft(BOB, PLANT, 'first', null);
    await sketchStore.saved(BOB, PLANT, 'first', 3);
    expect(await sketchStore.draft(BOB, PLANT)).toMatchObject({ source: 'first', baseRevision: 3, dirty: false });
    expect(await sketchStore.unsent(BOB)).toEqual([]);

    await sketchStore.keepDraft(BOB, PLANT, 'second', 3);
    await sketchStore.saved(BOB, PLANT, 'first', 4);
    expect(await sketchStore.draft(BOB, PLANT)).toMatchObject({ source: 'second', baseRevision: 4, dirty: true });
  });

  it('keeps the last compiled program beside the draft, and "Back to the tutorial’s code" forgets both', async () => {
    await sketchStore.keepDraft(ALICE, PLANT, program.source, null);
    await sketchStore.keepProgram(ALICE, PLANT, program);
    expect(await sketchStore.program(ALICE, PLANT)).toEqual(program);
    expect(await sketchStore.program(BOB, PLANT)).toBeUndefined();
    await sketchStore.forget(ALICE, PLANT);
    expect(await sketchStore.draft(ALICE, PLANT)).toBeUndefined();
    expect(await sketchStore.program(ALICE, PLANT)).toBeUndefined();
  });

  it('keeps an own sketch’s name and circuit with its draft until a rename changes them', async () => {
    const mine = ownSketchKey('6f1c1d1e-3a54-4c39-9d43-3a0d6c1a2b11');
    await sketchStore.keepDraft(ALICE, mine, 'one', null, { name: 'Disco', circuit: 'trainer' });
    await sketchStore.keepDraft(ALICE, mine, 'two', null);
    expect(await sketchStore.draft(ALICE, mine)).toMatchObject({ source: 'two', own: { name: 'Disco' } });
    await sketchStore.saved(ALICE, mine, 'two', 1);
    expect((await sketchStore.draft(ALICE, mine))?.own).toEqual({ name: 'Disco', circuit: 'trainer' });
    await sketchStore.keepDraft(ALICE, mine, 'two', 1, { name: 'Disco lights', circuit: 'trainer' });
    expect(await sketchStore.unsent(ALICE)).toContainEqual({
      key: mine,
      draft: expect.objectContaining({ own: { name: 'Disco lights', circuit: 'trainer' }, dirty: true }),
    });
  });

  it('keeps a blocks sketch’s workspace with its C++ on the device, offline, until it is turned into code', async () => {
    const blocky = ownSketchKey('0b8f3a52-52a4-4d35-a3f3-6b0b4f1f9e20');
    const blocks = { blocks: { languageVersion: 0, blocks: [{ type: 'board_forever', id: 'f', x: 0, y: 0 }] } };
    await sketchStore.keepDraft(BOB, blocky, 'void loop() {}', null, { name: 'Blinky', circuit: 'trainer', blocks });
    expect(await sketchStore.unsent(BOB)).toContainEqual({
      key: blocky,
      draft: expect.objectContaining({ source: 'void loop() {}', own: { name: 'Blinky', circuit: 'trainer', blocks } }),
    });
    await sketchStore.keepDraft(BOB, blocky, 'void loop() {}', null, {
      name: 'Blinky',
      circuit: 'trainer',
      blocks: null,
    });
    expect((await sketchStore.draft(BOB, blocky))?.own).toEqual({ name: 'Blinky', circuit: 'trainer', blocks: null });
  });
});
