import { expect } from 'vitest';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const refresh = (server: TestServer, refreshToken: string) =>
  request(server, '/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    json: { refresh_token: refreshToken },
  });

/** Moves the moment a spent token was first used `ageMs` into the past. */
async function ageSpentToken(server: TestServer, userId: string, ageMs: number): Promise<void> {
  await server.app.database.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - ageMs).toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is not', null)
    .execute();
}

describeEachDatabase('refresh-token reuse', (test) => {
  test('replays within the grace period get the successor the first use produced, not a new token', async ({
    server,
  }) => {
    const session = await signUpAndSignIn(server);
    const first = sessionSchema.parse((await refresh(server, session.refresh_token)).body);
    const replays = [];
    for (let i = 0; i < 3; i++) {
      // Spread over the window, as a thief's copy would be tried: still within 10 s of the first use.
      await ageSpentToken(server, session.user.id, 3000 * i);
      const replay = await refresh(server, session.refresh_token);
      expect(replay.status).toBe(200);
      replays.push(sessionSchema.parse(replay.body).refresh_token);
    }
    expect(replays).toEqual([first.refresh_token, first.refresh_token, first.refresh_token]);
    const stored = await server.app.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', session.user.id)
      .execute();
    expect(stored).toHaveLength(2); // the spent token and its one successor
    // The successor is an ordinary token: it rotates once more.
    expect((await refresh(server, first.refresh_token)).status).toBe(200);
  });

  test('a replay 11 s after the first use revokes the session, successor included', async ({ server }) => {
    const session = await signUpAndSignIn(server);
    const successor = sessionSchema.parse((await refresh(server, session.refresh_token)).body);
    await ageSpentToken(server, session.user.id, 11_000);
    const replay = await refresh(server, session.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: { code: 'refresh_token_already_used' } });
    expect((await refresh(server, successor.refresh_token)).body).toMatchObject({
      error: { code: 'session_not_found' },
    });
    expect((await request(server, '/api/auth/user', { headers: bearer(successor.access_token) })).status).toBe(401);
  });
});
