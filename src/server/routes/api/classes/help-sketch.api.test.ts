import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { helpQueueSchema, helpSketchSchema, learnerClassSchema } from '#shared/schemas/classes.ts';
import { addLearners, as, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import type { TestServer } from '#test/test-server.ts';
import { request } from '#test/test-server.ts';

const BLOCKS = { blocks: { languageVersion: 0, blocks: [{ type: 'arduino_forever', id: 'f1', x: 20, y: 20 }] } };
const BLOCKS_CPP =
  '// Made with blocks on the Trainer board circuit.\nconst int RED_LED_PIN = 6;\n\nvoid setup() {\n  pinMode(RED_LED_PIN, OUTPUT);\n}\n\nvoid loop() {\n  digitalWrite(RED_LED_PIN, !digitalRead(RED_LED_PIN));\n  delay(500);\n}\n';

/** Saves a sketch of the learner's own (with blocks, or as text when `blocks` is null); its id. */
async function saveOwnSketch(server: TestServer, learner: Session, name: string, blocks: object | null) {
  const id = randomUUID();
  const saved = await request(
    server,
    `/api/sketches/${id}`,
    as(learner, {
      method: 'PUT',
      json: {
        name,
        circuit: 'trainer',
        source: blocks ? BLOCKS_CPP : 'void setup() {}\nvoid loop() {}\n',
        ...(blocks ? { blocks } : {}),
        base_revision: null,
      },
    }),
  );
  expect(saved.status).toBe(201);
  return id;
}

const ask = (server: TestServer, learner: Session, json: unknown) =>
  request(server, '/api/learner/help', as(learner, { method: 'POST', json }));

describeEachDatabase('help with a sketch of one’s own', (test) => {
  test('a learner asks about their blocks sketch; their teacher reads its C++, made with blocks; nobody else reads it, and nobody points at another’s sketch', async ({
    server,
  }) => {
    const [teacher, otherTeacher] = await Promise.all([newTeacher(server), newTeacher(server)]);
    const klass = await createClass(server, teacher, 'Blocks club');
    const otherClass = await createClass(server, otherTeacher, 'Another club');
    const [ana, ben] = await addLearners(server, teacher, klass.id, ['Ana', 'Ben']);
    const [cy] = await addLearners(server, otherTeacher, otherClass.id, ['Cy']);
    if (!ana || !ben || !cy) throw new Error('no learners');
    const [anaSession, benSession, cySession] = await Promise.all([
      learnerSession(server, klass.join_code, ana),
      learnerSession(server, klass.join_code, ben),
      learnerSession(server, otherClass.join_code, cy),
    ]);
    const anaBlocks = await saveOwnSketch(server, anaSession, 'Blinky', BLOCKS);
    const benText = await saveOwnSketch(server, benSession, 'Ben types', null);
    const cyBlocks = await saveOwnSketch(server, cySession, 'Cy’s secret', BLOCKS);

    // Nobody points their request at a sketch that is not their own, nor at a step and a sketch at once.
    for (const [who, json, status] of [
      [anaSession, { sketch_id: cyBlocks }, 404],
      [anaSession, { sketch_id: benText }, 404],
      [anaSession, { sketch_id: randomUUID() }, 404],
      [anaSession, { sketch_id: 'not-a-sketch' }, 400],
      [anaSession, { sketch_id: anaBlocks, project_id: 1, step: 0 }, 400],
      [anaSession, {}, 400],
      [teacher, { sketch_id: anaBlocks }, 403],
    ] as const) {
      const refused = await ask(server, who, json);
      expect(refused.status, JSON.stringify(json)).toBe(status);
    }
    const notFound = apiErrorSchema.parse((await ask(server, anaSession, { sketch_id: cyBlocks })).body);
    expect(notFound.error.code).toBe('sketch_not_found');
    // Refused requests asked nothing.
    expect(
      learnerClassSchema.parse((await request(server, '/api/learner/class', as(anaSession))).body).help,
    ).toBeNull();

    const asked = await ask(server, anaSession, { sketch_id: anaBlocks });
    expect(asked.status).toBe(201);
    expect(learnerClassSchema.parse(asked.body).help).toMatchObject({
      sketch_id: anaBlocks,
      project_id: null,
      step: null,
    });
    expect((await ask(server, benSession, { sketch_id: benText })).status).toBe(201);
    expect((await ask(server, cySession, { sketch_id: cyBlocks })).status).toBe(201);

    const queue = helpQueueSchema.parse((await request(server, `/api/classes/${klass.id}/help`, as(teacher))).body);
    expect(queue.requests.map((help) => [help.display_name, help.project_id, help.step, help.sketch])).toEqual([
      ['Ana', null, null, { id: anaBlocks, name: 'Blinky', made_with: 'blocks' }],
      ['Ben', null, null, { id: benText, name: 'Ben types', made_with: 'code' }],
    ]);
    const [anaRequest, benRequest] = queue.requests;
    if (!anaRequest || !benRequest) throw new Error('no requests');
    const sketchPath = (classId: string, requestId: number) => `/api/classes/${classId}/help/${requestId}/sketch`;

    const read = await request(server, sketchPath(klass.id, anaRequest.id), as(teacher));
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(helpSketchSchema.parse(read.body)).toMatchObject({
      id: anaBlocks,
      name: 'Blinky',
      circuit: 'trainer',
      made_with: 'blocks',
      source: BLOCKS_CPP,
    });
    expect(read.body).not.toHaveProperty('blocks');
    expect(
      helpSketchSchema.parse((await request(server, sketchPath(klass.id, benRequest.id), as(teacher))).body),
    ).toMatchObject({
      made_with: 'code',
    });

    // Another class's teacher, the learners themselves, and this teacher through the other class's request: nothing.
    const [cyRequest] = helpQueueSchema.parse(
      (await request(server, `/api/classes/${otherClass.id}/help`, as(otherTeacher))).body,
    ).requests;
    if (!cyRequest) throw new Error('no request of Cy');
    const refusals = await Promise.all([
      request(server, sketchPath(klass.id, anaRequest.id), as(otherTeacher)),
      request(server, sketchPath(klass.id, anaRequest.id), as(anaSession)),
      request(server, sketchPath(klass.id, anaRequest.id), as(benSession)),
      request(server, sketchPath(klass.id, anaRequest.id)),
      request(server, sketchPath(klass.id, cyRequest.id), as(teacher)),
      request(server, sketchPath(otherClass.id, cyRequest.id), as(teacher)),
      request(server, sketchPath(klass.id, 999_999), as(teacher)),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([404, 403, 403, 401, 404, 404, 404]);
    expect(JSON.stringify(refusals.map((answer) => answer.body))).not.toContain('RED_LED_PIN');

    // Once handled, the request no longer opens the sketch.
    const done = await request(
      server,
      `/api/classes/${klass.id}/help/${anaRequest.id}`,
      as(teacher, { method: 'POST', json: { state: 'handled' } }),
    );
    expect(done.status).toBe(204);
    expect((await request(server, sketchPath(klass.id, anaRequest.id), as(teacher))).status).toBe(404);

    // A sketch deleted after asking leaves the request in the queue without it.
    expect((await request(server, `/api/sketches/${benText}`, as(benSession, { method: 'DELETE' }))).status).toBe(204);
    const after = helpQueueSchema.parse((await request(server, `/api/classes/${klass.id}/help`, as(teacher))).body);
    expect(after.requests.map((help) => [help.display_name, help.sketch])).toEqual([['Ben', null]]);
    expect((await request(server, sketchPath(klass.id, benRequest.id), as(teacher))).status).toBe(404);
  });
});
