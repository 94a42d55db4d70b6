import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_IDS } from '#shared/content/project-ids.ts';
import { type ApiResponse, apiRequest, NetworkError } from './api-client.ts';
import { EventStreams } from './event-streams.ts';
import { cpuSeconds, percentile, rssMb } from './measurements.ts';
import { type Member, signIn, signUpMembers } from './members.ts';
import { seedMembers } from './seed-members.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import { freshServerDatabase } from './server-database.ts';
import { type ServerInstance, ServerProcess, UNCAPPED_STREAMS } from './server-process.ts';

/** What the generator sends, as a share of the rate; sign-ins come on top at their own small rate. */
export const LOAD_MIX = [
  { action: 'people-list', weight: 55 },
  { action: 'bookmark-toggle', weight: 35 },
  { action: 'profile-edit', weight: 10 },
] as const;

type Action = (typeof LOAD_MIX)[number]['action'] | 'sign-in';

export const ENDPOINTS = [
  'GET /api/profiles',
  'POST /api/bookmarks',
  'DELETE /api/bookmarks/:project_id',
  'PATCH /api/profiles/:id',
  'POST /api/auth/token',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export interface MixedLoadOptions {
  readonly baseUrl: string;
  /** The server process, for its memory. */
  readonly pid: number;
  /** Signed-in members whose tokens the requests reuse. */
  readonly members: readonly Member[];
  /** Requests per second of the mix (sign-ins excluded), sent on schedule whatever the answers' pace. */
  readonly rate: number;
  readonly durationMs: number;
  /** Password sign-ins per second, kept apart: the server allows 150 token calls per 5 minutes per address. */
  readonly signInsPerSecond: number;
  readonly seed: number;
  /** A request without an answer after this long is an error. */
  readonly timeoutMs?: number;
  /** More requests than this waiting at once means the server cannot keep up: the next is an error, not sent. */
  readonly maxInFlight?: number;
}

export interface EndpointFigures {
  readonly endpoint: Endpoint;
  readonly requests: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface MixedLoadResult {
  readonly rate: number;
  readonly durationMs: number;
  /** Requests the schedule called for, sign-ins included (refused ones counted: they are errors). */
  readonly sent: number;
  /** Requests that got an answer, any status. */
  readonly answered: number;
  /** Requests answered per second, sign-ins included. */
  readonly answeredPerSecond: number;
  readonly endpoints: readonly EndpointFigures[];
  readonly errors: number;
  /** The first few errors, for the report. */
  readonly errorSamples: readonly string[];
  readonly p99Ms: number;
  /** CPU seconds the server and this generator used: on a shared machine, says which one ran out. */
  readonly serverCpuSeconds: number;
  readonly generatorCpuSeconds: number;
  /** Server RSS sampled every 250 ms: [ms since start, MB]. */
  readonly rss: readonly (readonly [number, number])[];
}

const RSS_SAMPLE_MS = 250;

/**
 * How much the server's RSS may grow from the first half of a measured run to the second (peak
 * to peak), once warmed up. Measured: the V8 heap holds ~25 MB live and stays there; RSS moves in
 * steps of up to ~19 MB when a libuv thread first keeps an argon2 buffer (m = 19 MiB) in its
 * malloc arena, which sign-ins cause and which stops at the pool's four threads. A leak must add
 * more than 30 MB in one half to fail: at 100 req/s (short form) that is ~60 KB per request, e.g.
 * keeping each people-list response; at the soak's hold rate and length, a few KB per request.
 */
export const RSS_GROWTH_BOUND_MB = 30;
const TICK_MS = 5;

/** The first half's and the second half's highest server RSS, in MB. */
export function rssHalves(rss: readonly (readonly [number, number])[], durationMs: number): [number, number] {
  const highest = (from: number, to: number) =>
    Math.max(...rss.filter(([at]) => at >= from && at < to).map(([, mb]) => mb));
  return [highest(0, durationMs / 2), highest(durationMs / 2, Number.POSITIVE_INFINITY)];
}

/**
 * Sends the mixed workload at a fixed rate for a bounded time (an open loop: requests leave on
 * schedule, so a slow server shows as latency and errors rather than as a lower rate) and
 * measures each endpoint's latency and errors and the server's memory.
 */
export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadResult> {
  const { baseUrl, members, rate, durationMs, signInsPerSecond, timeoutMs = 5000, maxInFlight = 2000 } = options;
  const random = seededRandom(options.seed);
  const requests = new Map<Endpoint, number>(ENDPOINTS.map((endpoint) => [endpoint, 0]));
  const latencies = new Map<Endpoint, number[]>(ENDPOINTS.map((endpoint) => [endpoint, []]));
  const errors = new Map<Endpoint, number>(ENDPOINTS.map((endpoint) => [endpoint, 0]));
  const errorSamples: string[] = [];
  const bookmarked = new Set<string>();
  const editCounters = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const rss: [number, number][] = [];
  let answered = 0;

  const recordError = (endpoint: Endpoint, reason: string) => {
    errors.set(endpoint, (errors.get(endpoint) ?? 0) + 1);
    if (errorSamples.length < 10) errorSamples.push(`${endpoint}: ${reason}`);
  };

  const plan = (action: Action, pick: SeededRandom) => {
    const member = members[pick.int(0, members.length - 1)];
    if (!member) throw new Error('the load needs signed-in members');
    const token = member.accessToken;
    switch (action) {
      case 'people-list':
        return {
          endpoint: 'GET /api/profiles' as const,
          // Browsers take the pre-compressed list; its bytes are counted, not decompressed.
          send: () =>
            apiRequest(baseUrl, 'GET', '/api/profiles', { headers: { 'accept-encoding': 'br, gzip' }, timeoutMs }),
        };
      case 'bookmark-toggle': {
        const projectId = pick.pick(PROJECT_IDS);
        const key = `${member.id}/${projectId}`;
        const adding = !bookmarked.has(key);
        if (adding) bookmarked.add(key);
        else bookmarked.delete(key);
        return adding
          ? {
              endpoint: 'POST /api/bookmarks' as const,
              send: () =>
                apiRequest(baseUrl, 'POST', '/api/bookmarks', { json: { project_id: projectId }, token, timeoutMs }),
            }
          : {
              endpoint: 'DELETE /api/bookmarks/:project_id' as const,
              send: () => apiRequest(baseUrl, 'DELETE', `/api/bookmarks/${projectId}`, { token, timeoutMs }),
            };
      }
      case 'profile-edit': {
        const counter = (editCounters.get(member.id) ?? 0) + 1;
        editCounters.set(member.id, counter);
        const username = `load-${member.id.slice(0, 8)}-${counter}`;
        return {
          endpoint: 'PATCH /api/profiles/:id' as const,
          send: () =>
            apiRequest(baseUrl, 'PATCH', `/api/profiles/${member.id}`, {
              json: { username, bio: `Load edit ${counter}: wiring the line follower again.` },
              token,
              timeoutMs,
            }),
        };
      }
      case 'sign-in':
        return {
          endpoint: 'POST /api/auth/token' as const,
          send: async (): Promise<ApiResponse> => {
            await signIn(baseUrl, member.email);
            return { status: 200, text: '' };
          },
        };
    }
  };

  const dispatch = (action: Action, pick: SeededRandom) => {
    const { endpoint, send } = plan(action, pick);
    requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
    if (inFlight.size >= maxInFlight) {
      recordError(endpoint, `not sent: ${inFlight.size} requests already waiting`);
      return;
    }
    const sentAt = performance.now();
    const request = send().then(
      (response) => {
        answered++;
        latencies.get(endpoint)?.push(performance.now() - sentAt);
        if (response.status < 200 || response.status >= 300) {
          recordError(endpoint, `${response.status} ${response.text.slice(0, 120)}`);
        }
      },
      (error: unknown) => {
        const reason = error instanceof NetworkError ? error.code : error instanceof Error ? error.message : 'failed';
        recordError(endpoint, reason);
      },
    );
    const tracked = request.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const mixRandom = random.fork(1);
  const signInRandom = random.fork(2);
  const totalWeight = LOAD_MIX.reduce((sum, entry) => sum + entry.weight, 0);
  const chooseAction = (): Action => {
    let roll = mixRandom.next() * totalWeight;
    for (const entry of LOAD_MIX) {
      roll -= entry.weight;
      if (roll < 0) return entry.action;
    }
    return LOAD_MIX[0].action;
  };

  const serverCpuBefore = await cpuSeconds(options.pid);
  const generatorCpuBefore = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  let signInsSent = 0;
  let nextRssAt = 0;
  for (let elapsed = 0; elapsed < durationMs; elapsed = performance.now() - started) {
    for (const due = Math.floor((elapsed * rate) / 1000); sent < due; sent++) dispatch(chooseAction(), mixRandom);
    for (const due = Math.floor((elapsed * signInsPerSecond) / 1000); signInsSent < due; signInsSent++) {
      dispatch('sign-in', signInRandom);
    }
    if (elapsed >= nextRssAt) {
      nextRssAt += RSS_SAMPLE_MS;
      const at = elapsed;
      void rssMb(options.pid).then(
        (mb) => rss.push([at, mb]),
        () => undefined, // the server is gone: the requests' errors say so
      );
    }
    await sleep(TICK_MS);
  }
  // Every request has its own timeout, so this wait is bounded by it.
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - started;
  const generatorCpu = process.cpuUsage(generatorCpuBefore);
  const serverCpuSeconds = (await cpuSeconds(options.pid)) - serverCpuBefore;

  const endpoints = ENDPOINTS.map((endpoint) => {
    const times = latencies.get(endpoint) ?? [];
    return {
      endpoint,
      requests: requests.get(endpoint) ?? 0,
      errors: errors.get(endpoint) ?? 0,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
    };
  }).filter((figures) => figures.requests > 0);
  return {
    rate,
    durationMs,
    sent: sent + signInsSent,
    answered,
    answeredPerSecond: (answered * 1000) / elapsedMs,
    endpoints,
    errors: endpoints.reduce((sum, figures) => sum + figures.errors, 0),
    errorSamples,
    p99Ms: percentile([...latencies.values()].flat(), 99),
    serverCpuSeconds,
    generatorCpuSeconds: (generatorCpu.user + generatorCpu.system) / 1e6,
    rss: rss.sort(([a], [b]) => a - b),
  };
}

/** The server under load: the built server on a fresh SQLite database with a realistic community. */
export interface LoadTarget {
  readonly instance: ServerInstance;
  /** Signed in once each at the start; the load reuses their tokens. */
  readonly members: readonly Member[];
  readonly streams: EventStreams;
  /** Server RSS (MB) once the members are signed in and the streams are open, before any load. */
  readonly idleRssMb: number;
  close(): Promise<void>;
}

export interface LoadTargetOptions {
  /** Members seeded straight into the database, so the people list has its real size. */
  readonly seededMembers: number;
  /** Members signed up and signed in through the API: each costs one sign-up and one token call. */
  readonly signedInMembers: number;
  /** Live-feed streams held open for the whole run. */
  readonly streams: number;
  /** Another build of the server to run instead of `build/server-app/server.js` (a broken one shows the suite can fail). */
  readonly serverScript?: string;
}

export async function startLoadTarget(options: LoadTargetOptions): Promise<LoadTarget> {
  const database = await freshServerDatabase('sqlite');
  // Every stream comes from this one loopback address: lift the per-address and global caps.
  const server = new ServerProcess({ ...database.env, ...UNCAPPED_STREAMS }, { script: options.serverScript });
  let streams: EventStreams | null = null;
  const close = async () => {
    await streams?.close();
    await server.close();
    await database.drop();
  };
  try {
    await seedMembers(database.env.DATA_DIR ?? '', options.seededMembers);
    const instance = await server.start();
    const members = await signUpMembers(instance.baseUrl, options.signedInMembers, 'load');
    streams = await EventStreams.open(instance.baseUrl, options.streams);
    const idleRssMb = await rssMb(instance.pid);
    return { instance, members, streams, idleRssMb, close };
  } catch (error) {
    await close();
    throw error;
  }
}
