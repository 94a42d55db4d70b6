import { expect } from 'vitest';
import { accountSchema } from '#shared/schemas/account.ts';
import { accountExportSchema } from '#shared/schemas/account-export.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { addLearners, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { isSignedIn, promote, ROOMY_LIMITS, signIn } from '#test/club.ts';
import { findInvalidRows } from '#test/database-invariants.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { PASSWORD, signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const as = (session: Session | null, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(session ? bearer(session.access_token) : {}), ...(init.headers as Record<string, string>) },
});

const changePassword = (server: TestServer, session: Session, json: unknown) =>
  request(server, '/api/account/password', as(session, { method: 'PUT', json }));

describeEachDatabase('own account', ROOMY_LIMITS, (test) => {
  test('GET /api/account answers the caller’s account and role, never anyone else’s', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const res = await request(server, '/api/account', as(member));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(accountSchema.parse(res.body)).toEqual({
      id: member.user.id,
      email: member.user.email,
      role: 'member',
      display_name: null,
      created_at: expect.any(String),
    });
    expect((await request(server, '/api/account')).status).toBe(401);
    expect((await request(server, `/api/account?id=${crypto.randomUUID()}`, as(member))).status).toBe(400);
  });

  test('a learner is called by the name their teacher gave them, never by the username made for them', async ({
    server,
  }) => {
    const teacher = await newTeacher(server);
    const klass = await createClass(server, teacher);
    const [ada] = await addLearners(server, teacher, klass.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner added');
    const learner = await learnerSession(server, klass.join_code, ada);
    const account = accountSchema.parse((await request(server, '/api/account', as(learner))).body);
    expect(account).toMatchObject({ id: ada.id, email: '', role: 'learner', display_name: ada.display_name });
    expect(account.display_name).not.toBe(ada.username);
    // The teacher renames them: the next read says so.
    const renamed = await request(server, `/api/classes/${klass.id}/learners/${ada.id}`, {
      ...as(teacher, { method: 'PATCH', json: { display_name: 'Ada L.' } }),
    });
    expect(renamed.status).toBe(200);
    expect(accountSchema.parse((await request(server, '/api/account', as(learner))).body).display_name).toBe('Ada L.');
  });

  test('changing the password needs the current one, signs out the other sessions and keeps this one', async ({
    server,
  }) => {
    const laptop = await signUpAndSignIn(server);
    const phone = await signIn(server, laptop.user.email);

    const wrong = await changePassword(server, laptop, { current_password: 'nope', new_password: 'next password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: 'invalid_credentials' } });
    const weak = await changePassword(server, laptop, { current_password: PASSWORD, new_password: '12345' });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({ error: { code: 'weak_password' } });
    expect(await isSignedIn(server, phone)).toBe(true);

    const ok = await changePassword(server, laptop, { current_password: PASSWORD, new_password: 'next password' });
    expect(ok.status).toBe(204);
    expect(await isSignedIn(server, laptop)).toBe(true);
    expect(await isSignedIn(server, phone)).toBe(false);
    const oldPassword = await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      json: { email: laptop.user.email, password: PASSWORD },
    });
    expect(oldPassword.status).toBe(400);
    await signIn(server, laptop.user.email, 'next password');
  });

  test('the export holds the account, profile, bookmarks, progress, sessions and moderation, and no secret', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const admin = await promote(server, await signUpAndSignIn(server));
    const id = member.user.id;
    await request(
      server,
      `/api/profiles/${id}`,
      as(member, { method: 'PATCH', json: { username: 'Exporter', bio: 'b', show_email: true } }),
    );
    await request(server, '/api/bookmarks', as(member, { method: 'POST', json: { project_id: 6 } }));
    await server.app.repos.progress.tick(id, 'steps', 6, 2);
    await server.app.repos.progress.tick(id, 'materials', 6, 0);
    await request(
      server,
      `/api/admin/members/${id}/moderation`,
      as(admin, { method: 'POST', json: { action: 'clear_bio', reason: 'too long' } }),
    );

    const res = await request(server, '/api/account/export', as(member));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="roboforge-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = accountExportSchema.parse(res.body);
    expect(data.account).toMatchObject({ id, email: member.user.email, role: 'member', suspended_at: null });
    expect(data.profile).toMatchObject({ username: 'Exporter', bio: null, show_email: true, hidden_at: null });
    expect(data.bookmarks).toEqual([{ project_id: 6, created_at: expect.any(String) }]);
    expect(data.progress.steps).toEqual([{ project_id: 6, index: 2, done_at: expect.any(String) }]);
    expect(data.progress.materials).toEqual([{ project_id: 6, index: 0, done_at: expect.any(String) }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.moderation).toEqual([{ action: 'clear_bio', reason: 'too long', created_at: expect.any(String) }]);
    // No hashes, tokens or the administrator's identity.
    expect(res.text).not.toMatch(/argon2|password|token_hash/i);
    expect(res.text).not.toContain(member.refresh_token);
    expect(res.text).not.toContain(admin.user.email);
    expect(res.text).not.toContain(admin.user.id);
  });

  test('deleting the account needs the password, removes everything and drops the member from the list', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const other = await signIn(server, member.user.email);
    const id = member.user.id;
    await request(server, '/api/bookmarks', as(member, { method: 'POST', json: { project_id: 1 } }));

    const wrong = await request(server, '/api/account', as(member, { method: 'DELETE', json: { password: 'nope' } }));
    expect(wrong.status).toBe(400);
    const missing = await request(server, '/api/account', as(member, { method: 'DELETE' }));
    expect(missing.status).toBe(400);
    const extra = await request(
      server,
      '/api/account',
      as(member, { method: 'DELETE', json: { password: PASSWORD, id } }),
    );
    expect(extra.status).toBe(400);
    expect(await isSignedIn(server, member)).toBe(true);

    const res = await request(server, '/api/account', as(member, { method: 'DELETE', json: { password: PASSWORD } }));
    expect(res.status).toBe(204);
    expect(await isSignedIn(server, member)).toBe(false);
    expect(await isSignedIn(server, other)).toBe(false);
    const list = publicProfileListSchema.parse((await request(server, '/api/profiles')).body);
    expect(list.map((profile) => profile.id)).not.toContain(id);
    const signInAgain = await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      json: { email: member.user.email, password: PASSWORD },
    });
    expect(signInAgain.status).toBe(400);
    const db = server.app.database.db;
    expect(await db.selectFrom('bookmarks').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('refresh_tokens').select('id').where('user_id', '=', id).execute()).toEqual([]);
    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([['delete_own_account', id]]);
    // The address may sign up again, as a new member.
    expect(
      (
        await request(server, '/api/auth/signup', {
          method: 'POST',
          json: { email: member.user.email, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(await findInvalidRows(server.app.database)).toEqual([]);
  });

  test('wrong passwords count as failed sign-ins: a stolen access token cannot guess the password', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const statuses = new Set<number>();
    for (let i = 0; i < 11; i++) {
      const res = await changePassword(server, member, { current_password: `guess ${i}`, new_password: 'whatever1' });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([400, 429]);
    const locked = await changePassword(server, member, { current_password: PASSWORD, new_password: 'whatever1' });
    expect(locked.status).toBe(429);
  });

  test('bad input: malformed JSON, unknown fields, wrong types, anonymous callers', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const cases: [RequestInit & { json?: unknown }, number][] = [
      [{ method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"current_password":' }, 400],
      [
        { method: 'PUT', json: { current_password: PASSWORD, new_password: 'abcdefg', user_id: crypto.randomUUID() } },
        400,
      ],
      [{ method: 'PUT', json: { current_password: PASSWORD, new_password: 1234567 } }, 400],
      [{ method: 'PUT', json: { current_password: PASSWORD, new_password: 'x'.repeat(1025) } }, 400],
      [{ method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415],
    ];
    for (const [init, status] of cases) {
      const res = await request(server, '/api/account/password', as(member, init));
      expect(res.status, JSON.stringify(init)).toBe(status);
    }
    for (const [method, path, json] of [
      ['GET', '/api/account', undefined],
      ['GET', '/api/account/export', undefined],
      ['PUT', '/api/account/password', { current_password: PASSWORD, new_password: 'abcdefg' }],
      ['DELETE', '/api/account', { password: PASSWORD }],
    ] as const) {
      const res = await request(server, path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await isSignedIn(server, member)).toBe(true);
    await signIn(server, member.user.email);
  });
});
