import { decodeJwt } from 'jose';
import { describe, expect } from 'vitest';
import { issueAccessToken } from '#server/auth/access-tokens.ts';
import {
  ADMIN_MEMBERS_PAGE_SIZE,
  ADMIN_REASON_MAX_LENGTH,
  RESET_LINK_TTL_SECONDS,
  RESET_PASSWORD_PATH,
} from '#shared/constants.ts';
import { accountSchema } from '#shared/schemas/account.ts';
import { adminMemberPageSchema, adminMemberSchema, auditPageSchema, resetLinkSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { isSignedIn, promote, ROOMY_LIMITS, signIn } from '#test/club.ts';
import { findInvalidRows } from '#test/database-invariants.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { PASSWORD, signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const as = (session: Session | null, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(session ? bearer(session.access_token) : {}), ...(init.headers as Record<string, string>) },
});

const listed = async (server: TestServer) =>
  publicProfileListSchema.parse((await request(server, '/api/profiles')).body).map((profile) => profile.id);

const refresh = (server: TestServer, session: Session) =>
  request(server, '/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    json: { refresh_token: session.refresh_token },
  });

describeEachDatabase('administration API', ROOMY_LIMITS, (test) => {
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    admin = await promote(server, await signUpAndSignIn(server));
  });

  test('the access token names the role; GET /api/account answers it from the database', async ({ server }) => {
    expect(decodeJwt(admin.access_token)).toMatchObject({ app_role: 'admin', role: 'authenticated' });
    const member = await signUpAndSignIn(server);
    expect(decodeJwt(member.access_token)).toMatchObject({ app_role: 'member' });
    const res = await request(server, '/api/account', as(admin));
    expect(accountSchema.parse(res.body)).toMatchObject({ id: admin.user.id, role: 'admin' });
  });

  test('lists members newest first, paged, with search by e-mail or username and activity counts', async ({
    server,
  }) => {
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await signUpAndSignIn(server, `first-${tag}@example.test`);
    const second = await signUpAndSignIn(server, `second-${tag}@example.test`);
    await request(
      server,
      `/api/profiles/${first.user.id}`,
      as(first, { method: 'PATCH', json: { username: `Bot_${tag}` } }),
    );
    await request(server, '/api/bookmarks', as(first, { method: 'POST', json: { project_id: 2 } }));
    await request(server, '/api/bookmarks', as(first, { method: 'POST', json: { project_id: 3 } }));
    await server.app.repos.progress.tick(first.user.id, 'steps', 1, 0);

    const all = adminMemberPageSchema.parse((await request(server, '/api/admin/members', as(admin))).body);
    expect(all.page).toBe(1);
    expect(all.page_size).toBe(ADMIN_MEMBERS_PAGE_SIZE);
    expect(all.members[0]?.id).toBe(second.user.id);
    const byEmail = adminMemberPageSchema.parse(
      (await request(server, `/api/admin/members?q=${encodeURIComponent(`SECOND-${tag}`)}`, as(admin))).body,
    );
    expect(byEmail.members.map((m) => m.id)).toEqual([second.user.id]);
    expect(byEmail.total).toBe(1);
    const byName = adminMemberPageSchema.parse(
      (await request(server, `/api/admin/members?q=bot_${tag}`, as(admin))).body,
    );
    expect(byName.members).toEqual([
      expect.objectContaining({
        id: first.user.id,
        email: `first-${tag}@example.test`,
        username: `Bot_${tag}`,
        role: 'member',
        status: 'active',
        bookmark_count: 2,
        finished_step_count: 1,
      }),
    ]);
    // LIKE wildcards in q are literal.
    const wildcard = adminMemberPageSchema.parse((await request(server, '/api/admin/members?q=%25', as(admin))).body);
    expect(wildcard.total).toBe(0);
    const beyond = adminMemberPageSchema.parse((await request(server, '/api/admin/members?page=999', as(admin))).body);
    expect(beyond.members).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  test('moderation clears a username or bio, hides and lists again, each audited with its reason', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(
      server,
      `/api/profiles/${id}`,
      as(member, { method: 'PATCH', json: { username: 'Rude Name', bio: 'rude bio' } }),
    );
    const moderate = (action: string, reason = `because ${action}`) =>
      request(server, `/api/admin/members/${id}/moderation`, as(admin, { method: 'POST', json: { action, reason } }));

    const cleared = await moderate('clear_username');
    expect(cleared.status).toBe(200);
    expect(adminMemberSchema.parse(cleared.body)).toMatchObject({ username: null, bio: 'rude bio', status: 'active' });
    expect(adminMemberSchema.parse((await moderate('clear_bio')).body)).toMatchObject({ bio: null });

    const hidden = adminMemberSchema.parse((await moderate('hide')).body);
    expect(hidden.status).toBe('hidden');
    expect(hidden.hidden_at).not.toBeNull();
    expect(await listed(server)).not.toContain(id);
    // Others get 404 for a hidden profile; the member and administrators still read it.
    expect((await request(server, `/api/profiles/${id}`)).status).toBe(404);
    const stranger = await signUpAndSignIn(server);
    expect((await request(server, `/api/profiles/${id}`, as(stranger))).status).toBe(404);
    expect((await request(server, `/api/profiles/${id}`, as(member))).status).toBe(200);
    expect((await request(server, `/api/profiles/${id}`, as(admin))).status).toBe(200);

    expect(adminMemberSchema.parse((await moderate('unhide')).body).status).toBe('active');
    expect(await listed(server)).toContain(id);

    const audit = auditPageSchema.parse((await request(server, `/api/admin/audit?target_id=${id}`, as(admin))).body);
    expect(audit.entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['unhide', 'because unhide'],
      ['hide', 'because hide'],
      ['clear_bio', 'because clear_bio'],
      ['clear_username', 'because clear_username'],
    ]);
    expect(audit.entries[3]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.user.email,
      target_email: member.user.email,
      detail: { from: 'Rude Name' },
    });
  });

  test('suspension: sign-in and refresh get 403, every session and access token dies at once, hidden until restored', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const phone = await signIn(server, member.user.email);
    const res = await request(
      server,
      `/api/admin/members/${member.user.id}/suspension`,
      as(admin, { method: 'PUT', json: { reason: 'insults' } }),
    );
    expect(res.status).toBe(200);
    expect(adminMemberSchema.parse(res.body)).toMatchObject({ status: 'suspended' });

    expect(await isSignedIn(server, member)).toBe(false);
    expect(await isSignedIn(server, phone)).toBe(false);
    const refused = await refresh(server, phone);
    // The refresh of a session the suspension revoked tells its owner why (the page shows it).
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'user_suspended' } });
    const signInAgain = await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      json: { email: member.user.email, password: PASSWORD },
    });
    expect(signInAgain.status).toBe(403);
    expect(signInAgain.body).toMatchObject({ error: { code: 'user_suspended' } });
    // A wrong password does not reveal the suspension.
    const wrong = await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      json: { email: member.user.email, password: 'not it' },
    });
    expect(wrong.status).toBe(400);
    expect(await listed(server)).not.toContain(member.user.id);

    const restored = await request(
      server,
      `/api/admin/members/${member.user.id}/suspension`,
      as(admin, { method: 'DELETE' }),
    );
    expect(adminMemberSchema.parse(restored.body)).toMatchObject({ status: 'active', suspended_at: null });
    expect(await listed(server)).toContain(member.user.id);
    expect(await isSignedIn(server, await signIn(server, member.user.email))).toBe(true);
    // Sessions revoked by the suspension stay revoked.
    expect(await isSignedIn(server, phone)).toBe(false);
    const refusedAfterRestore = await refresh(server, phone);
    expect(refusedAfterRestore.status).toBe(400);
    expect(refusedAfterRestore.body).toMatchObject({ error: { code: 'session_not_found' } });
  });

  test('a refresh token of a suspended member that slipped through is refused with 403 user_suspended', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    // As if a refresh raced the suspension: the account is suspended, the session still alive.
    await server.app.database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    expect(await isSignedIn(server, member)).toBe(false);
    const res = await refresh(server, member);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'user_suspended' } });
  });

  test('roles: promote and demote others, audited; a demoted administrator loses access at once', async ({
    server,
  }) => {
    const helper = await signUpAndSignIn(server);
    const setRole = (role: string) =>
      request(
        server,
        `/api/admin/members/${helper.user.id}/role`,
        as(admin, { method: 'PUT', json: { role, reason: 'club committee' } }),
      );
    expect(adminMemberSchema.parse((await setRole('admin')).body).role).toBe('admin');
    // Their token still says member; the database says admin, and that is what counts.
    expect(decodeJwt(helper.access_token)).toMatchObject({ app_role: 'member' });
    expect((await request(server, '/api/admin/members', as(helper))).status).toBe(200);
    const promotedToken = await signIn(server, helper.user.email);
    expect(decodeJwt(promotedToken.access_token)).toMatchObject({ app_role: 'admin' });

    expect(adminMemberSchema.parse((await setRole('member')).body).role).toBe('member');
    const denied = await request(server, '/api/admin/members', as(promotedToken));
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: { code: 'forbidden' } });

    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${helper.user.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['demote', { from: 'admin', to: 'member' }],
      ['promote', { from: 'member', to: 'admin' }],
    ]);
  });

  test('teachers: an administrator makes a member a teacher and a member again, audited; bad roles change nothing', async ({
    server,
  }) => {
    const helper = await signUpAndSignIn(server);
    const setRole = (role: unknown, session: Session = admin) =>
      request(
        server,
        `/api/admin/members/${helper.user.id}/role`,
        as(session, { method: 'PUT', json: { role, reason: 'runs the Tuesday class' } }),
      );
    expect(adminMemberSchema.parse((await setRole('teacher')).body).role).toBe('teacher');
    const teacher = await signIn(server, helper.user.email);
    expect(decodeJwt(teacher.access_token)).toMatchObject({ app_role: 'teacher' });
    expect(accountSchema.parse((await request(server, '/api/account', as(teacher))).body).role).toBe('teacher');
    // A teacher is no administrator, and cannot make anyone anything.
    expect((await request(server, '/api/admin/members', as(teacher))).status).toBe(403);
    expect((await setRole('admin', teacher)).status).toBe(403);

    for (const bad of ['learner', 'owner', '', 7, null]) {
      const res = await setRole(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await request(server, '/api/account', as(teacher))).body).toMatchObject({ role: 'teacher' });

    expect(adminMemberSchema.parse((await setRole('member')).body).role).toBe('member');
    expect((await request(server, '/api/account', as(teacher))).body).toMatchObject({ role: 'member' });
    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${helper.user.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => [entry.action, entry.actor_id, entry.reason, entry.detail])).toEqual([
      ['remove_teacher', admin.user.id, 'runs the Tuesday class', { from: 'teacher', to: 'member' }],
      ['make_teacher', admin.user.id, 'runs the Tuesday class', { from: 'member', to: 'teacher' }],
    ]);
  });

  test('a member’s token that says app_role admin, even signed by the server, is refused: the database decides', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const sessionId = String(decodeJwt(member.access_token).sid);
    const { token } = await issueAccessToken(server.app.signingKeys, server.config.auth.issuer, {
      userId: member.user.id,
      email: member.user.email,
      sessionId,
      role: 'admin',
    });
    const res = await request(server, '/api/admin/members', { headers: bearer(token) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'forbidden' } });
  });

  test('an administrator cannot demote, suspend or delete themselves (409), and stays as they were', async ({
    server,
  }) => {
    const self = `/api/admin/members/${admin.user.id}`;
    for (const [method, path, json] of [
      ['PUT', `${self}/role`, { role: 'member', reason: 'oops' }],
      ['PUT', `${self}/suspension`, { reason: 'oops' }],
      ['DELETE', self, { reason: 'oops' }],
    ] as const) {
      const res = await request(server, path, as(admin, { method, json }));
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'own_account' } });
    }
    expect(accountSchema.parse((await request(server, '/api/account', as(admin))).body).role).toBe('admin');
  });

  test('reset links: shown once, stored as a hash, one hour, single use; using one signs in and ends other sessions', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const res = await request(
      server,
      `/api/admin/members/${member.user.id}/reset-links`,
      as(admin, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }),
    );
    expect(res.status).toBe(201);
    const link = resetLinkSchema.parse(res.body);
    const url = new URL(link.url);
    expect(url.origin).toBe(new URL(server.baseUrl).origin);
    expect(url.pathname).toBe(RESET_PASSWORD_PATH);
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const expiresIn = new Date(link.expires_at).getTime() - Date.now();
    expect(Math.abs(expiresIn - RESET_LINK_TTL_SECONDS * 1000)).toBeLessThan(60_000);
    const stored = await server.app.database.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const weak = await request(server, '/api/auth/reset', { method: 'POST', json: { token, password: '12345' } });
    expect(weak.status).toBe(422);
    const reset = await request(server, '/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    const session = sessionSchema.parse(reset.body);
    expect(session.user.id).toBe(member.user.id);
    expect(await isSignedIn(server, session)).toBe(true);
    expect(await isSignedIn(server, member)).toBe(false);
    await signIn(server, member.user.email, 'a brand new password');

    const again = await request(server, '/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'another one' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'reset_token_invalid' } });
  });

  test('reset links: an expired or replaced link does not work; a suspended member’s is refused unspent', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const makeLink = async () => {
      const res = await request(
        server,
        `/api/admin/members/${member.user.id}/reset-links`,
        as(admin, { method: 'POST' }),
      );
      return new URLSearchParams(new URL(resetLinkSchema.parse(res.body).url).hash.slice(1)).get('token') ?? '';
    };
    const reset = (token: string) =>
      request(server, '/api/auth/reset', { method: 'POST', json: { token, password: 'new password here' } });

    const replaced = await makeLink();
    const expired = await makeLink();
    expect((await reset(replaced)).status).toBe(400);
    await server.app.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.user.id)
      .execute();
    expect((await reset(expired)).status).toBe(400);

    const fresh = await makeLink();
    await request(
      server,
      `/api/admin/members/${member.user.id}/suspension`,
      as(admin, { method: 'PUT', json: { reason: 'x' } }),
    );
    const suspended = await reset(fresh);
    expect(suspended.status).toBe(403);
    expect(suspended.body).toMatchObject({ error: { code: 'user_suspended' } });
    await request(server, `/api/admin/members/${member.user.id}/suspension`, as(admin, { method: 'DELETE' }));
    expect((await reset(fresh)).status).toBe(200);
  });

  test('deleting a member removes the account, profile, bookmarks, progress, sessions and links in one go', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(server, '/api/bookmarks', as(member, { method: 'POST', json: { project_id: 4 } }));
    await server.app.repos.progress.tick(id, 'materials', 4, 1);
    await request(server, `/api/admin/members/${id}/reset-links`, as(admin, { method: 'POST' }));

    const noReason = await request(server, `/api/admin/members/${id}`, as(admin, { method: 'DELETE' }));
    expect(noReason.status).toBe(400);
    const res = await request(
      server,
      `/api/admin/members/${id}`,
      as(admin, { method: 'DELETE', json: { reason: 'parent asked' } }),
    );
    expect(res.status).toBe(204);

    const db = server.app.database.db;
    for (const table of [
      'bookmarks',
      'step_progress',
      'material_checks',
      'refresh_tokens',
      'password_resets',
    ] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('profiles').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await listed(server)).not.toContain(id);
    expect(await isSignedIn(server, member)).toBe(false);
    const again = await request(
      server,
      `/api/admin/members/${id}`,
      as(admin, { method: 'DELETE', json: { reason: 'x' } }),
    );
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: { code: 'member_not_found' } });

    // The log keeps the id and the reason, no longer the e-mail.
    const audit = auditPageSchema.parse((await request(server, `/api/admin/audit?target_id=${id}`, as(admin))).body);
    expect(audit.entries[0]).toMatchObject({
      action: 'delete_member',
      target_id: id,
      target_email: null,
      reason: 'parent asked',
    });
    expect(JSON.stringify(audit)).not.toContain(member.user.email);
    expect(await findInvalidRows(server.app.database)).toEqual([]);
  });

  test('the audit log is newest first and paged', async ({ server }) => {
    const page = auditPageSchema.parse((await request(server, '/api/admin/audit', as(admin))).body);
    expect(page.entries.length).toBeGreaterThan(3);
    const times = page.entries.map((entry) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const far = auditPageSchema.parse((await request(server, '/api/admin/audit?page=500', as(admin))).body);
    expect(far.entries).toEqual([]);
  });

  describe('refusals', () => {
    test('anonymous callers get 401 and members 403 on every administration endpoint, and nothing changes', async ({
      server,
    }) => {
      const member = await signUpAndSignIn(server);
      const target = await signUpAndSignIn(server);
      const before = await request(server, `/api/admin/members?q=${encodeURIComponent(target.user.email)}`, as(admin));
      const t = `/api/admin/members/${target.user.id}`;
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/admin/members'],
        ['GET', '/api/admin/audit'],
        ['POST', `${t}/moderation`, { action: 'hide', reason: 'x' }],
        ['PUT', `${t}/suspension`, { reason: 'x' }],
        ['DELETE', `${t}/suspension`],
        ['PUT', `${t}/role`, { role: 'admin', reason: 'x' }],
        ['POST', `${t}/reset-links`],
        ['DELETE', t, { reason: 'x' }],
      ];
      for (const [method, path, json] of calls) {
        const anonymous = await request(server, path, { method, ...(json ? { json } : {}) });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        const asMember = await request(server, path, as(member, { method, ...(json ? { json } : {}) }));
        expect(asMember.status, `${method} ${path}`).toBe(403);
        expect(asMember.body).toMatchObject({ error: { code: 'forbidden' } });
        expect(asMember.text).not.toContain(target.user.email);
      }
      const after = await request(server, `/api/admin/members?q=${encodeURIComponent(target.user.email)}`, as(admin));
      expect(after.body).toEqual(before.body);
    });

    test.for<[label: string, path: string, init: RequestInit & { json?: unknown }, status: number, code: string]>([
      [
        'malformed JSON',
        'moderation',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":' },
        400,
        'invalid_json',
      ],
      [
        'an unknown field',
        'moderation',
        { method: 'POST', json: { action: 'hide', reason: 'x', user_id: 'me' } },
        400,
        'validation_failed',
      ],
      [
        'an unknown action',
        'moderation',
        { method: 'POST', json: { action: 'ban', reason: 'x' } },
        400,
        'validation_failed',
      ],
      ['a missing reason', 'moderation', { method: 'POST', json: { action: 'hide' } }, 400, 'validation_failed'],
      ['a blank reason', 'suspension', { method: 'PUT', json: { reason: '   ' } }, 400, 'validation_failed'],
      [
        'an oversized reason',
        'suspension',
        { method: 'PUT', json: { reason: 'x'.repeat(ADMIN_REASON_MAX_LENGTH + 1) } },
        400,
        'validation_failed',
      ],
      [
        'a control character in the reason',
        'suspension',
        { method: 'PUT', json: { reason: 'a\u0007b' } },
        400,
        'validation_failed',
      ],
      ['an unknown role', 'role', { method: 'PUT', json: { role: 'owner', reason: 'x' } }, 400, 'validation_failed'],
      [
        'a text body',
        'suspension',
        { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'reason' },
        415,
        'unsupported_media_type',
      ],
      [
        'a field in a restore',
        'suspension',
        { method: 'DELETE', json: { reason: 'ok', until: 'never' } },
        400,
        'validation_failed',
      ],
    ])('refuses %s and changes nothing', async ([_label, action, init, status, code], { server }) => {
      const target = await signUpAndSignIn(server);
      const res = await request(server, `/api/admin/members/${target.user.id}/${action}`, as(admin, init));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ error: { code } });
      const found = await request(server, `/api/admin/members?q=${encodeURIComponent(target.user.email)}`, as(admin));
      expect(adminMemberPageSchema.parse(found.body).members).toEqual([
        expect.objectContaining({ status: 'active', role: 'member', suspended_at: null, hidden_at: null }),
      ]);
    });

    test('an accepted reason is exactly 500 characters; ids that are not UUIDs get 400 and unknown ones 404', async ({
      server,
    }) => {
      const target = await signUpAndSignIn(server);
      const ok = await request(
        server,
        `/api/admin/members/${target.user.id}/moderation`,
        as(admin, { method: 'POST', json: { action: 'clear_bio', reason: 'y'.repeat(ADMIN_REASON_MAX_LENGTH) } }),
      );
      expect(ok.status).toBe(200);
      const notAnId = await request(
        server,
        '/api/admin/members/1/moderation',
        as(admin, { method: 'POST', json: { action: 'hide', reason: 'x' } }),
      );
      expect(notAnId.status).toBe(400);
      for (const [method, path, json] of [
        ['POST', 'moderation', { action: 'hide', reason: 'x' }],
        ['PUT', 'suspension', { reason: 'x' }],
        ['DELETE', 'suspension', undefined],
        ['PUT', 'role', { role: 'admin', reason: 'x' }],
        ['POST', 'reset-links', undefined],
      ] as const) {
        const res = await request(
          server,
          `/api/admin/members/${crypto.randomUUID()}/${path}`,
          as(admin, { method, ...(json ? { json } : {}) }),
        );
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toMatchObject({ error: { code: 'member_not_found' } });
      }
    });

    test('bad queries: junk page, unknown parameters, a non-UUID target', async ({ server }) => {
      for (const path of [
        '/api/admin/members?page=0',
        '/api/admin/members?page=abc',
        '/api/admin/members?role=admin',
        `/api/admin/members?q=${'q'.repeat(255)}`,
        // PostgreSQL refuses a NUL in text: the search must refuse it first, not answer 500.
        '/api/admin/members?q=%00',
        '/api/admin/members?q=ada%07lovelace',
        '/api/admin/audit?target_id=me',
        '/api/admin/audit?page=-1',
      ]) {
        const res = await request(server, path, as(admin));
        expect(res.status, path).toBe(400);
        expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
      }
    });
  });
});
