import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const rename = (server: TestServer, session: Session, username: string) =>
  request(server, `/api/profiles/${session.user.id}`, {
    method: 'PATCH',
    json: { username },
    headers: bearer(session.access_token),
  });

describeEachDatabase('usernames that look alike', (test) => {
  test.for<[label: string, taken: string, lookalike: string]>([
    ['a Cyrillic а for a Latin a', 'ada', '\u0430da'],
    ['a Greek capital omicron for an O', 'ROBO', 'R\u039fBO'],
    ['capitals', 'Grace', 'gRACE'],
    ['a decomposed accent for a precomposed one', 'Am\u00e9lie', 'Ame\u0301lie'],
    ['a fullwidth letter', 'maker', '\uff4daker'],
    ['rn for m', 'mia', 'rnia'],
  ])('%s cannot impersonate a taken name (409)', async ([_label, taken, lookalike], { server }) => {
    const owner = await signUpAndSignIn(server);
    const impostor = await signUpAndSignIn(server);
    expect((await rename(server, owner, taken)).status).toBe(200);
    const res = await rename(server, impostor, lookalike);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'username_taken' } });
  });

  test.for<[label: string, name: string]>([
    ['a zero-width space', 'a\u200bda'],
    ['a zero-width joiner between letters', 'a\u200dda'],
    ['a right-to-left override', '\u202eada'],
    ['a left-to-right mark', 'ada\u200e'],
    ['a first-strong isolate', '\u2068ada\u2069'],
    ['a soft hyphen', 'a\u00adda'],
    ['a word joiner', 'ad\u2060a'],
    ['a byte-order mark', '\ufeffada'],
    ['a Hangul filler', 'ada\u3164'],
    ['a no-break space', 'ada\u00a0bot'],
    ['a tag character', 'ada\u{E0041}'],
  ])('refuses %s with a clear 400', async ([_label, name], { server }) => {
    const member = await signUpAndSignIn(server);
    const res = await rename(server, member, name);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).error.message).toMatch(/invisible/);
  });

  test('stores names in NFC and still accepts emoji sequences and right-to-left scripts', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const decomposed = await rename(server, member, 'Zoe\u0308 builds');
    expect(decomposed.status).toBe(200);
    expect(decomposed.body).toMatchObject({ username: 'Zo\u00eb builds' });
    for (const name of ['👩\u200d🔧 mechanic', '❤\ufe0f robots', '👍🏽 ok', 'مهندس آلي', 'עברית']) {
      const res = await rename(server, member, name);
      expect(res.status, name).toBe(200);
      expect(res.body).toMatchObject({ username: name });
    }
  });

  test('a member may keep their own name in another spelling', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    expect((await rename(server, member, 'selfsame')).status).toBe(200);
    expect((await rename(server, member, 'SelfSame')).status).toBe(200);
  });
});
