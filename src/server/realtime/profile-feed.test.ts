import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommitSignal } from '../db/database.ts';
import type { ProfileChangeEvent } from '../db/repositories/profile-changes.ts';
import { type FeedClient, type ProfileChangesSource, ProfileFeed } from './profile-feed.ts';

/** The changes table in memory: what `after` reads, and how many times it was read. */
function changesInMemory() {
  const events: ProfileChangeEvent[] = [];
  let reads = 0;
  const source: ProfileChangesSource = {
    after: async (afterId, limit) => {
      reads++;
      return events.filter((event) => event.id > afterId).slice(0, limit);
    },
    latestId: async () => events.at(-1)?.id ?? 0,
    oldestId: async () => events[0]?.id ?? null,
    prune: async () => 0,
  };
  const commit = (username: string) => {
    const id = events.length + 1;
    const profileId = `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
    events.push({
      id,
      kind: 'INSERT',
      profileId,
      profile: {
        id: profileId,
        username,
        bio: null,
        avatar_url: null,
        email: null,
        created_at: '2026-11-28T00:00:00.000Z',
      },
    });
  };
  return { source, commit, reads: () => reads };
}

const commits: CommitSignal = { emit: () => undefined, listen: () => () => undefined };
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

function recordingClient(): FeedClient & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (chunk) => writes.push(chunk) > 0, close: () => undefined };
}

const idsIn = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));

const feeds: ProfileFeed[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) await feed.close();
});

describe('the profile feed fan-out', () => {
  it('sends the changes one read finds to each client in one write, in order, each once', async () => {
    const table = changesInMemory();
    const feed = new ProfileFeed(table.source, commits, quiet);
    feeds.push(feed);
    await feed.start(null);
    const [a, b] = [recordingClient(), recordingClient()];
    await feed.attach(a, null);
    await feed.attach(b, null);
    for (const name of ['ada', 'grace', 'linus']) table.commit(name);

    await feed.poke();

    for (const client of [a, b]) {
      expect(client.writes).toHaveLength(2); // READY, then the three changes together
      expect(idsIn(client.writes[1] ?? '')).toEqual([1, 2, 3]);
    }
    await feed.poke(); // nothing new: nothing written
    expect(a.writes).toHaveLength(2);
  });

  it('reads at most once per interval under a stream of commits, and a poke still sees every commit made before it', async () => {
    const table = changesInMemory();
    const feed = new ProfileFeed(table.source, commits, quiet);
    feeds.push(feed);
    await feed.start(null);
    const client = recordingClient();
    await feed.attach(client, null);
    const readsBefore = table.reads();

    table.commit('ada');
    await feed.poke();
    const waiting: Promise<void>[] = [];
    for (const name of ['grace', 'linus', 'margaret', 'ken']) {
      table.commit(name);
      waiting.push(feed.poke());
    }
    await Promise.all(waiting);

    // The first commit was read at once; the four made within the interval after it, in one read.
    expect(table.reads() - readsBefore).toBe(2);
    expect(idsIn(client.writes.join(''))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(client.writes).toHaveLength(3);
  });
});
