import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS } from '#test/club.ts';
import { type ScratchDatabase, scratchDatabase } from '#test/scratch-database.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';

const SCRIPT = path.join(import.meta.dirname, 'admin.ts');

/** `node scripts/admin.ts …` as `npm run admin -- …` runs it, with only the given settings. */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, cwd: path.dirname(import.meta.dirname) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

for (const kind of testSettings.databases) {
  describe(`npm run admin on ${kind}, beside a running server`, () => {
    let scratch: ScratchDatabase;
    let server: TestServer;

    beforeAll(async () => {
      scratch = await scratchDatabase(kind);
      server = await startTestServer(kind, { ...ROOMY_LIMITS, database: scratch.config });
    });
    afterAll(async () => {
      await server?.close();
      await scratch?.drop();
    });

    it('promotes a member with one line; the running server lets them in at once, and the log says so', async () => {
      const member = await signUpAndSignIn(server);
      expect((await request(server, '/api/admin/members', { headers: bearer(member.access_token) })).status).toBe(403);

      const result = await admin(['promote', ` ${member.user.email.toUpperCase()} `], scratch.env);
      expect(result).toEqual({ code: 0, stdout: `${member.user.email} is now an administrator.\n`, stderr: '' });
      expect((await request(server, '/api/admin/members', { headers: bearer(member.access_token) })).status).toBe(200);

      expect((await admin(['promote', member.user.email], scratch.env)).stdout).toBe(
        `${member.user.email} is an administrator already.\n`,
      );
      expect((await admin(['list'], scratch.env)).stdout).toBe(`Administrators (1): ${member.user.email}\n`);
      const entries = await server.app.repos.auditLog.page({ page: 1, pageSize: 10, targetId: member.user.id });
      expect(entries.entries).toEqual([
        expect.objectContaining({ action: 'promote', actor_id: null, detail: { from: 'member', to: 'admin' } }),
      ]);

      const demoted = await admin(['demote', member.user.email], scratch.env);
      expect(demoted).toMatchObject({ code: 0, stdout: `${member.user.email} is now a member.\n` });
      expect((await request(server, '/api/admin/members', { headers: bearer(member.access_token) })).status).toBe(403);
      expect((await admin(['list'], scratch.env)).stdout).toBe(
        'No administrators yet: npm run admin -- promote <email>\n',
      );
    });

    it('makes a member a teacher and a member again, audited without an actor', async () => {
      const member = await signUpAndSignIn(server);
      const made = await admin(['teacher', member.user.email], scratch.env);
      expect(made).toEqual({ code: 0, stdout: `${member.user.email} is now a teacher.\n`, stderr: '' });
      expect((await request(server, '/api/account', { headers: bearer(member.access_token) })).body).toMatchObject({
        role: 'teacher',
      });
      expect((await admin(['teacher', member.user.email], scratch.env)).stdout).toBe(
        `${member.user.email} is a teacher already.\n`,
      );
      expect(await admin(['member', member.user.email], scratch.env)).toMatchObject({
        code: 0,
        stdout: `${member.user.email} is now a member.\n`,
      });
      const entries = await server.app.repos.auditLog.page({ page: 1, pageSize: 10, targetId: member.user.id });
      expect(entries.entries.map((entry) => [entry.action, entry.actor_id, entry.detail])).toEqual([
        ['remove_teacher', null, { from: 'teacher', to: 'member' }],
        ['make_teacher', null, { from: 'member', to: 'teacher' }],
      ]);
      expect((await admin(['teacher', 'nobody@example.test'], scratch.env)).code).toBe(1);
      expect((await admin(['teacher'], scratch.env)).code).toBe(2);
    });

    it('exits 1 with a clear line for an unknown e-mail, and 2 for a wrong command or address', async () => {
      const unknown = await admin(['promote', 'nobody@example.test'], scratch.env);
      expect(unknown).toEqual({
        code: 1,
        stdout: '',
        stderr: 'No account uses nobody@example.test. The member signs up on the site first.\n',
      });
      for (const args of [[], ['promote'], ['grant', 'a@example.test'], ['promote', 'not-an-email'], ['list', 'x']]) {
        const wrong = await admin(args, scratch.env);
        expect(wrong.code, args.join(' ')).toBe(2);
        expect(wrong.stderr).not.toBe('');
      }
    });
  });
}

describe('npm run admin with a bad database setting', () => {
  it('exits 2 naming the setting for a malformed one, and 1 for an unreachable database, without the password', async () => {
    const malformed = await admin(['list'], { DATABASE_URL: 'mysql://root:hunter2@db/roboforge' });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/^The configuration is not valid: DATABASE_URL must be a postgres:\/\/ URL/);
    expect(malformed.stderr).not.toContain('hunter2');
    const unreachable = await admin(['list'], { DATABASE_URL: 'postgres://roboforge:hunter2@127.0.0.1:1/roboforge' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^Could not use the database at DATABASE_URL: .*ECONNREFUSED/);
    expect(unreachable.stderr).not.toContain('hunter2');
  });
});
