import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { classProgressSchema, helpQueueSchema } from '#shared/schemas/classes.ts';
import { sketchSchema } from '#shared/schemas/sketches.ts';
import { addLearners, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request } from '#test/test-server.ts';

describeEachDatabase('a learner’s code, for their class’s teachers', (test) => {
  test('the teacher reads a learner’s own version of a tutorial, sees who changed the code in the grid and the help queue; nobody else reads it', async ({
    server,
  }) => {
    const [teacher, otherTeacher, member] = await Promise.all([
      newTeacher(server),
      newTeacher(server),
      signUpAndSignIn(server),
    ]);
    const klass = await createClass(server, teacher, 'Robotics club');
    const [ana, ben] = await addLearners(server, teacher, klass.id, ['Ana', 'Ben']);
    if (!ana || !ben) throw new Error('no learners');
    const [anaSession, benSession] = await Promise.all([
      learnerSession(server, klass.join_code, ana),
      learnerSession(server, klass.join_code, ben),
    ]);
    const code = 'void setup() {}\nvoid loop() { /* Ana waters for 5 s */ }\n';
    const saved = await request(server, '/api/sketches/tutorials/plant-watering-robot', {
      method: 'PUT',
      headers: bearer(anaSession.access_token),
      json: { source: code, base_revision: null },
    });
    expect(saved.status).toBe(201);
    await request(server, '/api/learner/help', {
      method: 'POST',
      headers: bearer(anaSession.access_token),
      json: { project_id: 1, step: 2 },
    });
    await request(server, '/api/learner/help', {
      method: 'POST',
      headers: bearer(benSession.access_token),
      json: { project_id: 1, step: 0 },
    });

    const path = `/api/classes/${klass.id}/learners/${ana.id}/sketches/plant-watering-robot`;
    const read = await request(server, path, { headers: bearer(teacher.access_token) });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(sketchSchema.parse(read.body).source).toBe(code);

    const grid = classProgressSchema.parse(
      (await request(server, `/api/classes/${klass.id}/progress`, { headers: bearer(teacher.access_token) })).body,
    );
    const changed = grid.learners.map((learner) => [
      learner.display_name,
      learner.cells.filter((cell) => cell.code_changed).map((cell) => cell.project_id),
    ]);
    expect(changed).toEqual([
      ['Ana', [1]],
      ['Ben', []],
    ]);
    const queue = helpQueueSchema.parse(
      (await request(server, `/api/classes/${klass.id}/help`, { headers: bearer(teacher.access_token) })).body,
    );
    expect(queue.requests.map((help) => [help.display_name, help.code_changed])).toEqual([
      ['Ana', true],
      ['Ben', false],
    ]);

    // Ben has not changed it; another teacher, a member and the learners themselves read nothing here.
    const benPath = `/api/classes/${klass.id}/learners/${ben.id}/sketches/plant-watering-robot`;
    const answers = await Promise.all([
      request(server, benPath, { headers: bearer(teacher.access_token) }),
      request(server, path, { headers: bearer(otherTeacher.access_token) }),
      request(server, path, { headers: bearer(member.access_token) }),
      request(server, path, { headers: bearer(benSession.access_token) }),
      request(server, path, { headers: bearer(anaSession.access_token) }),
      request(server, path),
      request(server, `/api/classes/${klass.id}/learners/${ana.id}/sketches/no-such-robot`, {
        headers: bearer(teacher.access_token),
      }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([404, 404, 403, 403, 403, 401, 400]);
    for (const res of answers) {
      apiErrorSchema.parse(res.body);
      expect(res.text).not.toContain('Ana waters');
    }
  });
});
