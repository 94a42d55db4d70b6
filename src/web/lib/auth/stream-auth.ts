import type { StreamAuth } from '#web/lib/live-stream.ts';
import { sessionManager } from './session.ts';

/** The signed-in member's token for a live stream (live-stream.ts), refreshed once on a 401 as withAccessToken does. */
export const memberStreamAuth: StreamAuth = {
  getAccessToken: () => sessionManager().getAccessToken(),
  refresh: async () => {
    const auth = sessionManager();
    if (!auth.getSession()) return null;
    return (await auth.refreshSession())?.access_token ?? null;
  },
};
