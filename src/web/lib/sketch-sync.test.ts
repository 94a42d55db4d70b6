// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sketch } from '#shared/schemas/sketches.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
import { sketchStore, tutorialSketchKey } from './sketch-store.ts';
import { KEEPALIVE_BODY_MAX_BYTES, sendDraft, sendWaitingDrafts } from './sketch-sync.ts';

/*
 * What the start of the app sends (issue 43): the drafts an earlier visit left waiting on this device,
 * with both versions kept where another device saved meanwhile. The server is played by a stand-in
 * for fetch that answers as sketches.ts does (409 `sketch_changed` over a newer revision).
 */

const LEARNER = '6f1c1d1e-3a54-4c39-9d43-3a0d6c1a2b11';

beforeAll(() => {
  const session = {
    access_token: 'learner-token',
    refresh_token: 'learner-refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: { id: LEARNER, email: 'learner@example.test' },
  };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
});

afterEach(() => vi.unstubAllGlobals());

/** The account's sketches by path, answering PUTs as the server does; every PUT recorded. */
function accountWith(stored: Record<string, Pick<Sketch, 'source' | 'revision'>>) {
  const puts: { path: string; body: Record<string, unknown> }[] = [];
  const keptAlive: boolean[] = [];
  const sketch = (path: string, fields: Partial<Sketch> & Pick<Sketch, 'source' | 'revision'>): Sketch => ({
    id: path.split('/').at(-1) ?? 'x',
    kind: path.includes('/tutorials/') ? 'tutorial' : 'own',
    circuit: 'trainer',
    name: '',
    blocks: null,
    created_at: '2026-12-01T20:00:00.000Z',
    updated_at: '2026-12-01T20:00:00.000Z',
    ...fields,
  });
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    puts.push({ path, body });
    keptAlive.push(init?.keepalive === true);
    const current = stored[path];
    if (current && body.base_revision !== current.revision) {
      const error = { code: 'sketch_changed', message: 'changed', current: sketch(path, current) };
      return answer(409, { error });
    }
    const next = { source: String(body.source), revision: (current?.revision ?? 0) + 1 };
    stored[path] = next;
    return answer(200, sketch(path, next));
  });
  return { puts, stored, keptAlive };
}

describe('sending what waits on the device at the start of the app', () => {
  it('takes a draft the account already has (its save went, the answer was never heard) as saved, not as another device’s', async () => {
    const slug = 'line-following-robot';
    const path = `/api/sketches/tutorials/${slug}`;
    // The page was left as the save went: the account has the text as revision 2, the device still says 1.
    const account = accountWith({ [path]: { source: 'delay(100);', revision: 2 } });
    await sketchStore.keepDraft(LEARNER, tutorialSketchKey(slug), 'delay(100);', 1);

    expect(await sendWaitingDrafts(LEARNER)).toEqual([]);
    expect(account.puts.map((put) => put.path)).toEqual([path]);
    expect(await sketchStore.unsent(LEARNER)).toEqual([]);
    expect(await sketchStore.draft(LEARNER, tutorialSketchKey(slug))).toMatchObject({ baseRevision: 2, dirty: false });
  });

  it('keeps another device’s newer version apart as a sketch of the learner’s own, then saves this one', async () => {
    const slug = 'solar-tracking-robot';
    const path = `/api/sketches/tutorials/${slug}`;
    const account = accountWith({ [path]: { source: 'delay(900); // the other device', revision: 2 } });
    await sketchStore.keepDraft(LEARNER, tutorialSketchKey(slug), 'delay(100); // this device', 1);

    const keptAs = `${slug}.ino (from another device)`;
    expect(await sendWaitingDrafts(LEARNER)).toEqual([keptAs]);
    const [refused, keptApart, saved] = account.puts;
    expect(refused?.path).toBe(path);
    expect(keptApart?.path).toMatch(/^\/api\/sketches\/[0-9a-f-]{36}$/);
    expect(keptApart?.body).toMatchObject({ name: keptAs, circuit: slug, source: 'delay(900); // the other device' });
    expect(saved).toEqual({ path, body: { source: 'delay(100); // this device', base_revision: 2 } });
    expect(account.stored[path]).toEqual({ source: 'delay(100); // this device', revision: 3 });
    expect(await sketchStore.unsent(LEARNER)).toEqual([]);
  });
});

describe('a save as the page is left', () => {
  it('goes with keepalive within the browser’s 64 KB, and as a normal request past it', async () => {
    const slug = 'waste-sorting-robot';
    const account = accountWith({});
    const key = tutorialSketchKey(slug);
    await sendDraft(LEARNER, key, { source: 'delay(100);', baseRevision: null }, { keepalive: true });
    const long = `// ${'x'.repeat(KEEPALIVE_BODY_MAX_BYTES)}\n`;
    await sendDraft(LEARNER, key, { source: long, baseRevision: 1 }, { keepalive: true });
    expect(account.keptAlive).toEqual([true, false]);
    expect(account.stored[`/api/sketches/tutorials/${slug}`]).toEqual({ source: long, revision: 2 });
  });
});
