import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { SKETCH_SOURCE_MAX_BYTES } from '#shared/schemas/sketch-compile.ts';
import {
  MAX_OWN_SKETCHES,
  SKETCH_BLOCKS_MAX_BYTES,
  sketchChangedSchema,
  sketchListSchema,
  sketchSchema,
} from '#shared/schemas/sketches.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const TUTORIAL = '/api/sketches/tutorials/plant-watering-robot';

const call = (server: TestServer, session: Session | null, method: string, path: string, json?: unknown) =>
  request(server, path, {
    method,
    headers: session ? bearer(session.access_token) : {},
    ...(json === undefined ? {} : { json }),
  });

const rows = (server: TestServer) =>
  server.app.database.db
    .selectFrom('sketches')
    .select(['user_id', 'kind', 'circuit', 'name', 'source', 'blocks', 'revision'])
    .orderBy('id')
    .execute();

describeEachDatabase('saved sketches', (test) => {
  let ada: Session;
  let bob: Session;
  test.beforeAll(async ({ server }) => {
    [ada, bob] = await Promise.all([signUpAndSignIn(server), signUpAndSignIn(server)]);
  });
  test.beforeEach(async ({ server }) => {
    await server.app.database.db.deleteFrom('sketches').execute();
  });

  test('a learner’s version of a tutorial: saved, read, changed with the revision it was based on, removed', async ({
    server,
  }) => {
    expect((await call(server, ada, 'GET', TUTORIAL)).status).toBe(404);
    const created = await call(server, ada, 'PUT', TUTORIAL, { source: 'void setup() {}', base_revision: null });
    expect(created.status).toBe(201);
    const first = sketchSchema.parse(created.body);
    expect(first).toMatchObject({
      kind: 'tutorial',
      circuit: 'plant-watering-robot',
      revision: 1,
      source: 'void setup() {}',
    });
    const changed = await call(server, ada, 'PUT', TUTORIAL, { source: 'void setup() { /* 2 */ }', base_revision: 1 });
    expect(changed.status).toBe(200);
    expect(sketchSchema.parse(changed.body)).toMatchObject({ id: first.id, revision: 2 });
    // The same text again is no new revision.
    const same = await call(server, ada, 'PUT', TUTORIAL, { source: 'void setup() { /* 2 */ }', base_revision: 2 });
    expect(sketchSchema.parse(same.body).revision).toBe(2);
    expect(sketchSchema.parse((await call(server, ada, 'GET', TUTORIAL)).body).source).toBe('void setup() { /* 2 */ }');
    expect((await call(server, ada, 'DELETE', TUTORIAL)).status).toBe(204);
    expect((await call(server, ada, 'GET', TUTORIAL)).status).toBe(404);
    expect(await rows(server)).toEqual([]);
  });

  test('a save based on an older revision (another device’s offline edit) is refused with the newer one, and changes nothing', async ({
    server,
  }) => {
    await call(server, ada, 'PUT', TUTORIAL, { source: 'phone', base_revision: null });
    await call(server, ada, 'PUT', TUTORIAL, { source: 'laptop', base_revision: 1 });
    const stale = await call(server, ada, 'PUT', TUTORIAL, { source: 'phone, later', base_revision: 1 });
    expect(stale.status).toBe(409);
    const { error } = sketchChangedSchema.parse(stale.body);
    expect(error.current).toMatchObject({ source: 'laptop', revision: 2 });
    // Two devices' first saves at once: one is stored, the other hears of it.
    await call(server, ada, 'DELETE', TUTORIAL);
    const both = await Promise.all(
      ['tablet', 'desktop'].map((source) => call(server, ada, 'PUT', TUTORIAL, { source, base_revision: null })),
    );
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect((await rows(server)).map((row) => row.source)).toHaveLength(1);
  });

  test('own sketches: made with the device’s id, renamed, listed without their text, deleted', async ({ server }) => {
    const id = randomUUID();
    const path = `/api/sketches/${id}`;
    const made = await call(server, ada, 'PUT', path, {
      name: '  Blink fast ',
      circuit: 'trainer',
      source: 'void setup() {}\nvoid loop() {}\n',
      base_revision: null,
    });
    expect(made.status).toBe(201);
    expect(sketchSchema.parse(made.body)).toMatchObject({ id, kind: 'own', name: 'Blink fast', circuit: 'trainer' });
    const renamed = await call(server, ada, 'PUT', path, {
      name: 'Blink slow',
      circuit: 'line-following-robot',
      source: 'void setup() {}\nvoid loop() {}\n',
      base_revision: 1,
    });
    expect(sketchSchema.parse(renamed.body)).toMatchObject({
      name: 'Blink slow',
      circuit: 'line-following-robot',
      revision: 2,
    });
    await call(server, ada, 'PUT', TUTORIAL, { source: 'x', base_revision: null });
    const list = sketchListSchema.parse((await call(server, ada, 'GET', '/api/sketches')).body);
    expect(list.sketches.map((s) => [s.kind, s.name])).toEqual([
      ['tutorial', ''],
      ['own', 'Blink slow'],
    ]);
    expect(JSON.stringify(list)).not.toContain('void setup');
    expect((await call(server, ada, 'DELETE', path)).status).toBe(204);
    expect((await call(server, ada, 'GET', path)).status).toBe(404);
  });

  test('a sketch made with blocks keeps its workspace beside its C++, until it is turned into code', async ({
    server,
  }) => {
    const id = randomUUID();
    const path = `/api/sketches/${id}`;
    const blocks = { blocks: { languageVersion: 0, blocks: [{ type: 'arduino_forever', id: 'a1', x: 20, y: 20 }] } };
    const made = await call(server, ada, 'PUT', path, {
      name: 'Blink with blocks',
      circuit: 'trainer',
      source: 'void setup() {}\nvoid loop() {}\n',
      blocks,
      base_revision: null,
    });
    expect(made.status).toBe(201);
    expect(sketchSchema.parse((await call(server, ada, 'GET', path)).body)).toMatchObject({ blocks, revision: 1 });
    // The same blocks again are no new revision; moved blocks are.
    const saved = { name: 'Blink with blocks', circuit: 'trainer', source: 'void setup() {}\nvoid loop() {}\n' };
    const same = await call(server, ada, 'PUT', path, { ...saved, blocks, base_revision: 1 });
    expect(sketchSchema.parse(same.body).revision).toBe(1);
    const moved = { blocks: { languageVersion: 0, blocks: [{ type: 'arduino_forever', id: 'a1', x: 90, y: 20 }] } };
    const changed = await call(server, ada, 'PUT', path, { ...saved, blocks: moved, base_revision: 1 });
    expect(sketchSchema.parse(changed.body)).toMatchObject({ blocks: moved, revision: 2 });
    const listed = async () => sketchListSchema.parse((await call(server, ada, 'GET', '/api/sketches')).body);
    expect((await listed()).sketches.map((s) => s.made_with)).toEqual(['blocks']);
    // "Turn into code": the C++ stays, the blocks go (a save without them is a text sketch).
    const turned = await call(server, ada, 'PUT', path, {
      name: 'Blink with blocks',
      circuit: 'trainer',
      source: 'void setup() {}\nvoid loop() { /* mine now */ }\n',
      base_revision: 2,
    });
    expect(sketchSchema.parse(turned.body)).toMatchObject({ blocks: null, revision: 3 });
    expect((await listed()).sketches.map((s) => s.made_with)).toEqual(['code']);
    expect((await rows(server))[0]?.blocks).toBeNull();
  });

  test('nobody reads, changes or deletes another learner’s sketches', async ({ server }) => {
    const id = randomUUID();
    await call(server, ada, 'PUT', `/api/sketches/${id}`, {
      name: 'Mine',
      circuit: 'trainer',
      source: 'ada',
      base_revision: null,
    });
    await call(server, ada, 'PUT', TUTORIAL, { source: 'ada', base_revision: null });
    const before = await rows(server);
    expect((await call(server, bob, 'GET', `/api/sketches/${id}`)).status).toBe(404);
    const takeOver = await call(server, bob, 'PUT', `/api/sketches/${id}`, {
      name: 'Mine now',
      circuit: 'trainer',
      source: 'bob',
      base_revision: 1,
    });
    expect(takeOver.status).toBe(404);
    expect((await call(server, bob, 'DELETE', `/api/sketches/${id}`)).status).toBe(204);
    expect((await call(server, bob, 'GET', TUTORIAL)).status).toBe(404);
    expect(sketchListSchema.parse((await call(server, bob, 'GET', '/api/sketches')).body).sketches).toEqual([]);
    expect(await rows(server)).toEqual(before);
    // A tutorial version's id is not an own sketch's.
    const tutorialId = sketchSchema.parse((await call(server, ada, 'GET', TUTORIAL)).body).id;
    expect((await call(server, ada, 'GET', `/api/sketches/${tutorialId}`)).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/api/sketches'],
      ['GET', TUTORIAL],
      ['PUT', `/api/sketches/${id}`],
    ] as const) {
      const body = method === 'PUT' ? { name: 'x', circuit: 'trainer', source: 'x', base_revision: null } : undefined;
      expect((await call(server, null, method, path, body)).status).toBe(401);
    }
  });

  test('bad input gets a clear error and changes nothing', async ({ server }) => {
    const id = randomUUID();
    const own = (body: unknown) => call(server, ada, 'PUT', `/api/sketches/${id}`, body);
    const valid = { name: 'Ok', circuit: 'trainer', source: 'x', base_revision: null };
    const cases: [Promise<{ status: number; body: unknown }>, number][] = [
      [own({ ...valid, name: '' }), 400],
      [own({ ...valid, name: '   ' }), 400],
      [own({ ...valid, name: 'n'.repeat(61) }), 400],
      [own({ ...valid, name: 'tab\there' }), 400],
      [own({ ...valid, circuit: 'mars-rover' }), 400],
      [own({ ...valid, source: 42 }), 400],
      [own({ ...valid, base_revision: 0 }), 400],
      [own({ ...valid, base_revision: '1' }), 400],
      [own({ ...valid, user_id: bob.user.id }), 400],
      [own({ name: 'Ok', circuit: 'trainer', source: 'x' }), 400],
      [own({ ...valid, source: 'é'.repeat(SKETCH_SOURCE_MAX_BYTES / 2 + 1) }), 413],
      [own({ ...valid, blocks: 'forever' }), 400],
      [own({ ...valid, blocks: [{ type: 'arduino_forever' }] }), 400],
      [own({ ...valid, blocks: { blocks: { padding: 'x'.repeat(SKETCH_BLOCKS_MAX_BYTES) } } }), 413],
      [call(server, ada, 'PUT', TUTORIAL, { source: 'x', blocks: {}, base_revision: null }), 400],
      [call(server, ada, 'PUT', '/api/sketches/not-a-uuid', valid), 400],
      [call(server, ada, 'PUT', '/api/sketches/tutorials/mars-rover', { source: 'x', base_revision: null }), 400],
      [call(server, ada, 'GET', '/api/sketches/tutorials/..%2F..%2Fetc'), 400],
      [call(server, ada, 'GET', '/api/sketches?all=1'), 400],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      expect(res.status, JSON.stringify(res.body).slice(0, 120)).toBe(status);
      apiErrorSchema.parse(res.body);
    }
    const malformed = await request(server, TUTORIAL, {
      method: 'PUT',
      headers: { ...bearer(ada.access_token), 'content-type': 'application/json' },
      body: '{"source": "x", ',
    });
    expect(malformed.status).toBe(400);
    expect(await rows(server)).toEqual([]);
  });

  test(`one account keeps at most ${MAX_OWN_SKETCHES} sketches of its own`, async ({ server }) => {
    const at = new Date().toISOString();
    await server.app.database.db
      .insertInto('sketches')
      .values(
        Array.from({ length: MAX_OWN_SKETCHES }, (_, i) => ({
          id: randomUUID(),
          user_id: ada.user.id,
          kind: 'own' as const,
          circuit: 'trainer',
          name: `Sketch ${i}`,
          source: '',
          revision: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const over = await call(server, ada, 'PUT', `/api/sketches/${randomUUID()}`, {
      name: 'One more',
      circuit: 'trainer',
      source: 'x',
      base_revision: null,
    });
    expect(over.status).toBe(409);
    expect(apiErrorSchema.parse(over.body).error.code).toBe('sketch_limit');
    // A tutorial version is not one of them.
    expect((await call(server, ada, 'PUT', TUTORIAL, { source: 'x', base_revision: null })).status).toBe(201);
  });
});
