import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, DatabaseKind } from '#server/db/database.ts';
import { PROJECT_IDS } from '#shared/content/project-ids.ts';
import { apiRequest, NetworkError } from './api-client.ts';
import { findInvalidRows } from './database-invariants.ts';
import { type Member, signUpMembers } from './members.ts';
import { ProblemList } from './problem-list.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import { freshServerDatabase } from './server-database.ts';
import { type ServerInstance, ServerProcess } from './server-process.ts';

export interface CrashDurabilityOptions {
  readonly kind: DatabaseKind;
  /** SIGKILLs to deliver. */
  readonly kills: number;
  readonly seed: number;
  /** Concurrent writers; each owns one member, so its writes are ordered. */
  readonly writers: number;
  /** Time under load between the server answering and SIGKILL, drawn uniformly. */
  readonly killAfterMs: readonly [min: number, max: number];
  /** Share of restarts that are killed again while the server is still starting. */
  readonly killDuringStartShare: number;
  /** Another build of the server to run instead of `build/server-app/server.js` (a broken one shows the suite can fail). */
  readonly serverScript?: string;
  readonly log?: (message: string) => void;
}

export interface CrashDurabilityReport {
  readonly kind: DatabaseKind;
  readonly seed: number;
  readonly kills: number;
  /** Kills that landed before the restarted server answered. */
  readonly killsDuringStart: number;
  /** Writes answered 2xx, each checked against what the database holds at the end. */
  readonly acknowledgedWrites: number;
  /** Writes cut off by a kill: they may or may not have been applied, and either is allowed. */
  readonly cutOffWrites: number;
  /** Profiles and (member, project) bookmark pairs whose final state was checked. */
  readonly keysChecked: number;
  readonly durationMs: number;
  readonly problems: readonly string[];
}

/**
 * The two lengths of the suite. Short (`npm test`): 20 kills per database, 300-800 ms apart. Long
 * (`npm run soak`): 100 kills with twice the writers. A run is as many kills as planned, however
 * long they take: how long is measured (`durationMs`, in bench/RESULTS.md), never a reason to fail.
 */
export function crashDurabilityPlan(kind: DatabaseKind, form: 'short' | 'long', seed: number): CrashDurabilityOptions {
  const long = form === 'long';
  return {
    kind,
    kills: long ? 100 : 20,
    seed,
    writers: long ? 8 : 4,
    killAfterMs: [300, 800],
    killDuringStartShare: 0.15,
  };
}

/**
 * What a writer sent and learnt: `acknowledged` (2xx), `cut-off` (no answer: the request may have
 * committed before the kill) or `refused` (the connection was refused, so it never reached the server).
 */
type Outcome = 'pending' | 'acknowledged' | 'cut-off' | 'refused';

interface Write<T> {
  readonly value: T;
  outcome: Outcome;
}

/** Everything one writer sent for its member, in order. */
interface Ledger {
  readonly index: number;
  readonly member: Member;
  /** Profile edits: the counter each one wrote into username and bio. */
  readonly profile: Write<number>[];
  /** Bookmark writes per project: true for an add, false for a delete. */
  readonly bookmarks: Map<number, Write<boolean>[]>;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** The edit a writer sends carries the same counter in both fields, so a half-applied edit shows. */
const username = (index: number, counter: number) => `m${index}-${counter}`;
const bio = (index: number, counter: number) => `Edit ${counter} by member ${index}: motors, sensors, patience.`;

/**
 * Crash durability: writers edit profiles and toggle bookmarks through the real server while it
 * is killed with SIGKILL at seeded random moments and restarted on the same database. At the end
 * the database is read directly and every acknowledged write must be there, with nothing half
 * written and the data rules intact.
 */
export async function runCrashDurability(options: CrashDurabilityOptions): Promise<CrashDurabilityReport> {
  const started = performance.now();
  const random = seededRandom(options.seed);
  const problems = new ProblemList();
  const log = options.log ?? (() => undefined);
  const database = await freshServerDatabase(options.kind);
  const server = new ServerProcess(database.env, { script: options.serverScript });
  let kills = 0;
  let killsDuringStart = 0;
  let ledgers: Ledger[] = [];
  try {
    const first = await server.start();
    const members = await signUpMembers(first.baseUrl, options.writers, `crash-${options.kind}`);
    ledgers = members.map((member, index) => ({ index, member, profile: [], bookmarks: new Map() }));
    let stopping = false;
    const writers = ledgers.map((ledger) =>
      runWriter(ledger, server, random.fork(ledger.index), () => stopping, problems).catch((error: unknown) =>
        problems.add(`writer ${ledger.index} stopped: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );

    while (kills < options.kills) {
      if (!server.current) {
        if (random.chance(options.killDuringStartShare)) {
          if (await server.killDuringStart(sleep(random.int(0, 400)))) killsDuringStart++;
          kills++;
          continue;
        }
        await server.start();
      }
      await sleep(random.int(...options.killAfterMs));
      await server.kill();
      kills++;
      if (kills % 10 === 0) log(`${options.kind}: ${kills} kills`);
    }

    stopping = true;
    await server.close();
    await Promise.all(writers);
    for (const crash of server.crashes) {
      problems.add(`server ${crash.generation} exited on its own: ${server.stderrTail.trim()}`);
    }
    // A PostgreSQL backend may still be finishing a COMMIT the killed server sent; let it land.
    if (options.kind === 'postgres') await sleep(250);

    const opened = await database.open();
    try {
      const keysChecked = await checkDatabase(opened, ledgers, problems);
      const writes = ledgers.flatMap((ledger) => [...ledger.profile, ...[...ledger.bookmarks.values()].flat()]);
      return {
        kind: options.kind,
        seed: options.seed,
        kills,
        killsDuringStart,
        acknowledgedWrites: writes.filter((write) => write.outcome === 'acknowledged').length,
        cutOffWrites: writes.filter((write) => write.outcome === 'cut-off').length,
        keysChecked,
        durationMs: performance.now() - started,
        problems: problems.list(),
      };
    } finally {
      await opened.close();
    }
  } finally {
    await server.close();
    await database.drop();
  }
}

/** One member's writer: one request at a time, half profile edits, half bookmark toggles. */
async function runWriter(
  ledger: Ledger,
  server: ServerProcess,
  random: SeededRandom,
  stopping: () => boolean,
  problems: ProblemList,
): Promise<void> {
  const { member, index } = ledger;
  let counter = 0;
  while (!stopping()) {
    const instance = await server.whenUp();
    if (!instance) return;

    if (random.chance(0.5)) {
      const write: Write<number> = { value: ++counter, outcome: 'pending' };
      ledger.profile.push(write);
      await send(instance, write, problems, 'PATCH', `/api/profiles/${member.id}`, member.accessToken, {
        username: username(index, counter),
        bio: bio(index, counter),
      });
      continue;
    }

    const projectId = random.pick(PROJECT_IDS);
    const history = ledger.bookmarks.get(projectId) ?? [];
    ledger.bookmarks.set(projectId, history);
    const add = !(history.at(-1)?.value ?? false);
    const write: Write<boolean> = { value: add, outcome: 'pending' };
    history.push(write);
    if (add) {
      await send(instance, write, problems, 'POST', '/api/bookmarks', member.accessToken, { project_id: projectId });
    } else {
      await send(instance, write, problems, 'DELETE', `/api/bookmarks/${projectId}`, member.accessToken);
    }
  }
}

async function send(
  instance: ServerInstance,
  write: Write<unknown>,
  problems: ProblemList,
  method: string,
  path: string,
  token: string,
  json?: unknown,
): Promise<void> {
  try {
    const response = await apiRequest(instance.baseUrl, method, path, { json, token, timeoutMs: REQUEST_TIMEOUT_MS });
    if (response.status >= 200 && response.status < 300) {
      write.outcome = 'acknowledged';
      return;
    }
    write.outcome = 'cut-off';
    problems.add(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    write.outcome = error.neverDelivered ? 'refused' : 'cut-off';
    if (!instance.killed) {
      problems.add(`${method} ${path} failed (${error.code}) on server ${instance.generation}, which was not killed`);
    } else if (error.code === 'TIMEOUT') {
      problems.add(`${method} ${path} got no answer within ${REQUEST_TIMEOUT_MS} ms`);
    }
  }
}

/**
 * The values a key may hold at the end: what the last acknowledged write set (or `initial` when
 * none was acknowledged), or what any later write set, since a write cut off by a kill may have
 * committed. Refused writes never reached the server and count for nothing.
 */
function allowedFinalValues<T>(writes: readonly Write<T>[], initial: T): Set<T> {
  const delivered = writes.filter((write) => write.outcome !== 'refused');
  const lastAcknowledged = delivered.findLastIndex((write) => write.outcome === 'acknowledged');
  const allowed = new Set<T>([lastAcknowledged === -1 ? initial : (delivered[lastAcknowledged]?.value ?? initial)]);
  for (const write of delivered.slice(lastAcknowledged + 1)) allowed.add(write.value);
  return allowed;
}

const count = (writes: readonly Write<unknown>[], outcome: Outcome) =>
  writes.filter((write) => write.outcome === outcome).length;

/** Reads the database the killed server left and compares it with what the writers were told. */
async function checkDatabase(database: Database, ledgers: readonly Ledger[], problems: ProblemList): Promise<number> {
  const { db } = database;
  for (const problem of await findInvalidRows(database)) problems.add(problem);

  const userIds = new Set((await db.selectFrom('users').select('id').execute()).map((row) => row.id));
  const profiles = await db.selectFrom('profiles').select(['id', 'username', 'bio', 'updated_at']).execute();
  for (const profile of profiles) {
    if (!userIds.has(profile.id)) problems.add(`profile ${profile.id} has no user`);
  }
  const profileById = new Map(profiles.map((profile) => [profile.id, profile]));
  const bookmarks = new Set(
    (await db.selectFrom('bookmarks').select(['user_id', 'project_id']).execute()).map(
      (row) => `${row.user_id}/${row.project_id}`,
    ),
  );
  const changes = await db.selectFrom('profile_changes').select(['id', 'profile_id', 'kind', 'created_at']).execute();
  // Sorted here rather than by the query: the ids' order is what is being checked.
  changes.sort((a, b) => a.id - b.id);

  let keysChecked = 0;
  for (const { index, member, profile: edits, bookmarks: bookmarkWrites } of ledgers) {
    const who = `member ${index}`;
    const profile = profileById.get(member.id);
    keysChecked++;
    if (!profile) {
      problems.add(`${who}: profile missing`);
      continue;
    }
    const counter = editCounter(index, profile.username, profile.bio);
    if (counter === 'mixed') {
      problems.add(`${who}: half-written profile ${JSON.stringify({ username: profile.username, bio: profile.bio })}`);
    } else {
      const allowed = allowedFinalValues<number | null>(edits, null);
      if (!allowed.has(counter)) {
        problems.add(`${who}: profile holds edit ${counter}, expected one of ${[...allowed].join(', ')}`);
      }
    }

    // Each committed edit records one UPDATE change in its own transaction: every acknowledged
    // edit and the one the profile shows committed; no more than were sent.
    const own = changes.filter((change) => change.profile_id === member.id);
    const updates = own.filter((change) => change.kind === 'UPDATE').length;
    const committed = new Set(edits.filter((edit) => edit.outcome === 'acknowledged').map((edit) => edit.value));
    if (typeof counter === 'number') committed.add(counter);
    const most = count(edits, 'acknowledged') + count(edits, 'cut-off');
    if (updates < committed.size || updates > most) {
      problems.add(`${who}: ${updates} UPDATE changes recorded for ${committed.size}–${most} committed edits`);
    }
    if (own[0]?.kind !== 'INSERT' || own.filter((change) => change.kind === 'INSERT').length !== 1) {
      problems.add(`${who}: changes do not start with exactly one INSERT`);
    }
    // The edit and its change share one timestamp: a profile newer than its last change was
    // written without the change the live feed needs.
    if (own.at(-1)?.created_at !== profile.updated_at) {
      problems.add(`${who}: profile updated at ${profile.updated_at}, last change at ${own.at(-1)?.created_at}`);
    }
    // A member's writes are sequential, so a later change must never get a smaller id (an id reused after a crash would).
    for (let i = 1; i < own.length; i++) {
      const [before, after] = [own[i - 1], own[i]];
      if (before && after && after.created_at < before.created_at) {
        problems.add(
          `${who}: change ${after.id} (${after.created_at}) is newer than ${before.id} (${before.created_at})`,
        );
      }
    }

    for (const [projectId, writes] of bookmarkWrites) {
      keysChecked++;
      const present = bookmarks.has(`${member.id}/${projectId}`);
      if (!allowedFinalValues(writes, false).has(present)) {
        const last = writes.findLast((write) => write.outcome === 'acknowledged');
        const lastWrite = last === undefined ? 'none' : last.value ? 'an add' : 'a delete';
        problems.add(
          `${who}: bookmark ${projectId} is ${present ? 'present' : 'missing'}; last acknowledged write: ${lastWrite}, and no later one explains it`,
        );
      }
    }
  }
  return keysChecked;
}

/** The counter of the edit a profile holds, null when never edited, 'mixed' when its fields disagree. */
function editCounter(index: number, storedUsername: string | null, storedBio: string | null): number | null | 'mixed' {
  if (storedUsername === null && storedBio === null) return null;
  const counter = Number(/^m\d+-(\d+)$/.exec(storedUsername ?? '')?.[1]);
  if (!Number.isInteger(counter)) return 'mixed';
  return storedUsername === username(index, counter) && storedBio === bio(index, counter) ? counter : 'mixed';
}
