import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { withPostgres } from './postgres-admin.ts';
import { PostgresCluster } from './postgres-cluster.ts';
import { ServerProcess } from './server-process.ts';
import { signUpAndSignIn } from './sign-up.ts';
import { SseClient } from './sse-client.ts';

export interface RestartPlan {
  /** Profile edits acknowledged before the restart, and again after it. */
  readonly writesBefore: number;
  readonly writesAfter: number;
  /** How long the database stays down. */
  readonly outageMs: number;
  /** Restarts, one after another, each with its writes. */
  readonly restarts: number;
  readonly streamsPerInstance: number;
}

export interface RestartReport {
  readonly acknowledged: number;
  /** Writes answered 503 during an outage (expected; they may or may not have committed). */
  readonly refusedDuringOutage: number;
  /** Answers during an outage that were neither 2xx nor a 503 `database_unavailable`. */
  readonly badOutageAnswers: string[];
  /** Slowest answer to a request made while the database was down. */
  readonly slowestOutageAnswerMs: number;
  readonly healthDuringOutage: number[];
  readonly healthAfter: number[];
  readonly committedChanges: number;
  /** Per stream: what went wrong (a missing, repeated or out-of-order change). */
  readonly streamProblems: string[];
  readonly crashes: number;
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - started };
  }
}

/**
 * Two instances of the built server on a throwaway PostgreSQL cluster, live-feed streams open on
 * both, a writer editing profiles through both; the cluster is restarted while it writes. Checks
 * that each instance answers 503 (fast) while the database is down, comes back by itself, never
 * crashes, and that every committed change reaches every stream exactly once, in order (replayed
 * from `profile_changes` once the LISTEN connection is back).
 */
export async function runPostgresRestart(plan: RestartPlan): Promise<RestartReport> {
  const cluster = await PostgresCluster.create();
  const instances = [0, 1].map(() => new ServerProcess({ DATABASE_URL: cluster.url, LOG_LEVEL: 'error' }));
  const streams: SseClient[] = [];
  try {
    const [a, b] = await Promise.all(instances.map((instance) => instance.start()));
    if (!a || !b) throw new Error('an instance did not start');
    const bases = [a.baseUrl, b.baseUrl];
    const members = [
      await signUpAndSignIn(bases[0] ?? '', 'writer-a@example.test'),
      await signUpAndSignIn(bases[1] ?? '', 'writer-b@example.test'),
    ];
    for (const base of bases) {
      for (let i = 0; i < plan.streamsPerInstance; i++) streams.push(new SseClient(`${base}/api/realtime/profiles`));
    }
    await Promise.all(streams.map((stream) => stream.waitFor(1, ['READY'], 15_000)));
    const readyIds = streams.map((stream) => Number(stream.events[0]?.id ?? 0));

    let acknowledged = 0;
    let refusedDuringOutage = 0;
    let slowestOutageAnswerMs = 0;
    const badOutageAnswers: string[] = [];
    const healthDuringOutage: number[] = [];
    let counter = 0;
    const write = async (outage: boolean) => {
      const which = counter++ % 2;
      const member = members[which];
      if (!member) throw new Error('no member');
      const answer = await json(`${bases[which]}/api/profiles/${member.user.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.access_token}` },
        body: JSON.stringify({ username: `writer_${which}_${counter}` }),
      });
      if (answer.status === 200) acknowledged++;
      else if (outage) {
        slowestOutageAnswerMs = Math.max(slowestOutageAnswerMs, answer.ms);
        const code = apiErrorSchema.safeParse(answer.body).data?.error.code;
        if (answer.status === 503 && code === 'database_unavailable') refusedDuringOutage++;
        else badOutageAnswers.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      } else throw new Error(`a write failed with the database up: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const writeUntil = async (count: number) => {
      const target = acknowledged + count;
      while (acknowledged < target) await write(false);
    };

    for (let round = 0; round < plan.restarts; round++) {
      await writeUntil(plan.writesBefore);
      await cluster.stop();
      const outageEnds = Date.now() + plan.outageMs;
      while (Date.now() < outageEnds) {
        await write(true);
        for (const base of bases) {
          const health = await json(`${base}/api/health`);
          slowestOutageAnswerMs = Math.max(slowestOutageAnswerMs, health.ms);
          healthDuringOutage.push(health.status);
        }
        await sleep(200);
      }
      await cluster.start();
      // The pool reconnects on the next query: the first writes after the restart must succeed.
      await writeUntil(plan.writesAfter);
    }
    const healthAfter = await Promise.all(bases.map(async (base) => (await json(`${base}/api/health`)).status));

    // The truth: every change the database committed after each stream said READY.
    const { rows } = await withPostgres(cluster.url, (admin) =>
      admin.query<{ id: string }>('select id from profile_changes order by id'),
    );
    const committed = rows.map((row) => Number(row.id));

    const streamProblems: string[] = [];
    await Promise.all(
      streams.map(async (stream, index) => {
        const expected = committed.filter((id) => id > (readyIds[index] ?? 0));
        try {
          await stream.waitFor(expected.length, ['INSERT', 'UPDATE'], 30_000);
        } catch (error) {
          streamProblems.push(`stream ${index}: ${error instanceof Error ? error.message.slice(0, 200) : error}`);
          return;
        }
        await sleep(500); // anything extra (a repeat) would arrive now
        const got = stream.events.filter((e) => e.event === 'INSERT' || e.event === 'UPDATE').map((e) => Number(e.id));
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          streamProblems.push(`stream ${index}: got ${got.length} changes, expected ${expected.length} in order`);
        }
        if (stream.ended) streamProblems.push(`stream ${index} was ended by the server`);
      }),
    );
    return {
      acknowledged,
      refusedDuringOutage,
      badOutageAnswers,
      slowestOutageAnswerMs,
      healthDuringOutage,
      healthAfter,
      committedChanges: committed.length,
      streamProblems,
      crashes: instances.reduce((sum, instance) => sum + instance.crashes.length, 0),
    };
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
    await Promise.all(instances.map((instance) => instance.close()));
    await cluster.destroy();
  }
}
