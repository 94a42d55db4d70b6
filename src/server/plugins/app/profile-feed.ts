import fp from 'fastify-plugin';
import { ProfileFeed } from '../../realtime/profile-feed.ts';
import { ProfileListCache } from '../../realtime/profile-list-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    profileFeed: ProfileFeed;
    profileList: ProfileListCache;
  }
}

/**
 * The live profile feed and the cached community list it keeps fresh. Writers do nothing but
 * write through the profiles repository: the feed hears of each commit and refreshes both.
 */
export const profileFeedPlugin = fp(
  async (app) => {
    const { database, repos, config } = app;
    const profileList = new ProfileListCache(() => repos.profiles.listPublic());
    const profileFeed = new ProfileFeed(repos.profileChanges, database.profileCommits, app.log);
    profileFeed.onChange(() => profileList.invalidate());
    await profileFeed.start(config.database.kind === 'postgres' ? config.database.url : null);
    app.decorate('profileFeed', profileFeed);
    app.decorate('profileList', profileList);
    // Streams never finish by themselves: end them first so closing does not wait on them.
    app.addHook('preClose', async () => profileFeed.close());
  },
  { name: 'profile-feed', dependencies: ['config', 'database'] },
);
