import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../../env.ts';
import { openFileLimit, streamsWithinOpenFiles } from '../../realtime/open-file-limit.ts';
import { ProfileFeed } from '../../realtime/profile-feed.ts';
import { ProfileListCache } from '../../realtime/profile-list-cache.ts';
import { StreamSlots } from '../../realtime/stream-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    profileFeed: ProfileFeed;
    profileList: ProfileListCache;
    /** Open live streams, per client address and in all, against their caps. */
    streamSlots: StreamSlots;
  }
}

/**
 * The live profile feed and the cached community list it keeps fresh. Writers do nothing but
 * write through the profiles repository: the feed hears of each commit and refreshes both.
 */
export const profileFeedPlugin = fp(
  async (app) => {
    const { database, repos, config } = app;
    const profileFeed = new ProfileFeed(repos.profileChanges, database.profileCommits, app.log);
    // Read in full once, then kept current from the feed's events (see ProfileListCache).
    const profileList = new ProfileListCache(
      () => repos.profiles.listPublic(),
      () => profileFeed.poke(),
    );
    profileFeed.onChange(() => profileList.markBehind());
    profileFeed.onEvents((events) => profileList.apply(events));
    await profileFeed.start(config.database.kind === 'postgres' ? config.database.url : null);
    app.decorate('profileFeed', profileFeed);
    app.decorate('profileList', profileList);
    app.decorate(
      'streamSlots',
      new StreamSlots(streamLimits(app.config.streamLimits ?? DEFAULT_STREAM_LIMITS, app.log)),
    );
    // Streams never finish by themselves: end them first so closing does not wait on them.
    app.addHook('preClose', async () => profileFeed.close());
  },
  { name: 'profile-feed', dependencies: ['config', 'database'] },
);

/**
 * The configured caps, with the total lowered to what the open-file limit leaves room for: past it,
 * a stream request gets 503 instead of every new connection failing (health checks included).
 */
function streamLimits(configured: StreamLimits, log: FastifyBaseLogger): StreamLimits {
  const openFiles = openFileLimit();
  const fitting = openFiles === null ? configured.total : streamsWithinOpenFiles(openFiles);
  const limits = { perAddress: configured.perAddress, total: Math.min(configured.total, fitting) };
  const reason =
    limits.total < configured.total
      ? ` (lowered from MAX_STREAMS ${configured.total}: ${openFiles} open files allowed)`
      : '';
  log.info(`live streams: at most ${limits.perAddress} per address and ${limits.total} in all${reason}`);
  return limits;
}
