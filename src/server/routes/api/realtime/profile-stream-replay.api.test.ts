import { expect } from 'vitest';
import type { ProfileUpdate } from '#shared/schemas/profile-update.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request } from '#test/test-server.ts';

describeEachDatabase('live profile stream replay', (test) => {
  test('a resume from 0 carries no e-mail the member has hidden since, nor their old name or bio', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const edit = async (update: ProfileUpdate) => {
      const res = await request(server, `/api/profiles/${member.user.id}`, {
        method: 'PATCH',
        json: update,
        headers: bearer(member.access_token),
      });
      expect(res.status).toBe(200);
    };
    await edit({ show_email: true, username: 'Old Name', bio: 'old bio' });
    await edit({ show_email: false, username: 'New Name', bio: 'new bio' });
    await server.app.profileFeed.poke();

    const client = new SseClient(new URL('/api/realtime/profiles', server.baseUrl).href, '0');
    try {
      // INSERT and both UPDATEs are replayed (from memory here: the feed read them all).
      const events = await client.waitFor(3, ['INSERT', 'UPDATE']);
      for (const event of events) {
        expect(profileIn(event)).toMatchObject({ email: null, username: 'New Name', bio: 'new bio' });
      }
      const everything = client.events.map((event) => event.data).join('\n');
      expect(everything).not.toContain(member.user.email);
      expect(everything).not.toContain('Old Name');
      expect(everything).not.toContain('old bio');
    } finally {
      await client.close();
    }
  });
});
