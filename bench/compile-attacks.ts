/**
 * The compile service against the attack of issue 41, on the server bench/compile.ts starts (its
 * figures go in the same section of bench/RESULTS.md):
 * - the slowest honest sketch: every sketch a learner is given (each tutorial's, each trainer
 *   starter, each of our libraries' examples, every block on every circuit), compiled cold one at a
 *   time: what the compile time limit (COMPILE config `timeLimitMs`) is set from (decision 030);
 * - the linker's 327 KB line: two such sketches kept in flight for a while, and `/` asked every 50 ms
 *   meanwhile from another client (goal: under 500 ms; each answered within 5 s);
 * - the flood: 10 accounts each send 3 sketches that compile until the limit, then a learner presses
 *   Run on a blink (goal: answered within 15 s), with the other pages asked meanwhile until the flood
 *   is over (goal: under 1 s).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_COMPILE_CONFIG } from '#server/env.ts';
import { type Board, PROJECTS } from '#shared/content/projects.ts';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { TRAINER_STARTERS } from '#shared/content/trainer-starters/starters.ts';
import { TUTORIALS } from '#shared/content/tutorials.ts';
import { FOREVER, LONG_LINE } from '#test/compile-attacks.ts';
import { percentile } from '#test/measurements.ts';
import { ROOT } from '#test/repository-root.ts';
import { type Sample, sampleRequests } from './sample-requests.ts';

/** The issue's goals. */
export const ATTACK_GOALS = { learnerUnderFloodMs: 15_000, otherPagesUnderFloodMs: 1_000, stallGetMs: 500 } as const;

const OTHER_PATHS = ['/', '/projects', '/api/health', '/api/profiles'] as const;

interface Sketch {
  readonly name: string;
  readonly board: Board;
  readonly source: string;
}

/** Every sketch RoboForge hands a learner, by where it comes from. */
export async function honestSketches(): Promise<Sketch[]> {
  // Blockly under plain Node: the hooks first, then the generator (imported after them, not hoisted).
  await import('./blockly-in-node.ts');
  const { sketchFromBlocks } = await import('#web/features/blocks/lib/arduino-generator.ts');
  const { everyBlockProgram } = await import('#web/features/blocks/lib/block-samples.ts');
  const read = (...parts: string[]) => readFileSync(path.join(ROOT, ...parts), 'utf8');
  const tutorials = PROJECTS.map(({ slug, board }) => ({
    name: `tutorial ${slug}`,
    board,
    source: read('src', 'shared', 'content', 'sketches', `${slug}.ino`),
  }));
  const starters = TRAINER_STARTERS.map((starter) => ({
    name: `starter ${starter.id}`,
    board: TRAINER_BOARD.board,
    source: read('src', 'shared', 'content', 'trainer-starters', starter.file),
  }));
  const librariesDir = path.join(ROOT, 'src', 'server', 'compile', 'libraries');
  const examples = readdirSync(librariesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((library) =>
      readdirSync(path.join(librariesDir, library.name, 'examples')).map((example) => ({
        name: `${library.name} example ${example}`,
        board: 'uno' as Board,
        source: read('src', 'server', 'compile', 'libraries', library.name, 'examples', example, `${example}.ino`),
      })),
    );
  const blocks = [TRAINER_BOARD, ...TUTORIALS].map((circuit) => ({
    name: `every block on ${circuit.slug}`,
    board: circuit.board,
    source: sketchFromBlocks(everyBlockProgram(circuit), circuit).source,
  }));
  return [...tutorials, ...starters, ...examples, ...blocks];
}

interface Answer {
  readonly status: number;
  readonly ms: number;
  readonly code: string | null;
}

async function compile(baseUrl: string, token: string, board: Board, source: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/sketches/compile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ board, source }),
  });
  const body = (await response.json()) as { error?: { code?: string } };
  return { status: response.status, ms: performance.now() - started, code: body.error?.code ?? null };
}

const summary = (samples: readonly Sample[]) => {
  const ms = samples.map((s) => s.ms);
  return {
    count: ms.length,
    p95Ms: percentile(ms, 95),
    maxMs: Math.max(...ms),
    failed: samples.filter((s) => s.status !== 200).length,
  };
};

export interface AttackBenchResult {
  readonly honest: { count: number; slowest: { name: string; ms: number; status: number }[]; medianMs: number };
  readonly stall: {
    answers: { status: number; ms: number }[];
    get: ReturnType<typeof summary>;
    idleGet: ReturnType<typeof summary>;
  };
  readonly flood: {
    learner: Answer;
    statuses: Record<string, number>;
    lastFloodMs: number;
    others: ReturnType<typeof summary>;
  };
}

/** The slowest honest sketch: each compiled cold (a comment no one compiled before), one at a time. */
async function measureHonest(baseUrl: string, token: string): Promise<AttackBenchResult['honest']> {
  const timings: { name: string; ms: number; status: number }[] = [];
  for (const sketch of await honestSketches()) {
    const answer = await compile(baseUrl, token, sketch.board, `${sketch.source}\n// bench ${Date.now()}\n`);
    timings.push({ name: sketch.name, ms: answer.ms, status: answer.status });
  }
  const sorted = [...timings].sort((a, b) => b.ms - a.ms);
  return {
    count: timings.length,
    slowest: sorted.slice(0, 5),
    medianMs: percentile(
      timings.map((t) => t.ms),
      50,
    ),
  };
}

/** Two long-line sketches kept in flight for `forMs`, and `/` asked every 50 ms meanwhile. */
async function measureStall(
  baseUrl: string,
  tokens: readonly string[],
  forMs: number,
): Promise<AttackBenchResult['stall']> {
  const stopIdle = sampleRequests(baseUrl, ['/'], 50);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idleGet = summary(await stopIdle());
  const stop = sampleRequests(baseUrl, ['/'], 50);
  const until = performance.now() + forMs;
  const answers: { status: number; ms: number }[] = [];
  await Promise.all(
    tokens.slice(0, 2).map(async (token, i) => {
      for (let n = 0; performance.now() < until; n++) {
        const answer = await compile(baseUrl, token, 'uno', `${LONG_LINE}// ${i} ${n}\n`);
        answers.push({ status: answer.status, ms: answer.ms });
      }
    }),
  );
  return { answers, get: summary(await stop()), idleGet };
}

/** 10 accounts × 3 sketches that compile to the limit, then a learner's blink; the other pages meanwhile. */
async function measureFlood(
  baseUrl: string,
  attackers: readonly string[],
  learner: string,
): Promise<AttackBenchResult['flood']> {
  const stop = sampleRequests(baseUrl, OTHER_PATHS, 50);
  const started = performance.now();
  const flood = attackers.slice(0, 10).flatMap((token, a) =>
    [0, 1, 2].map(async (n) => {
      const answer = await compile(baseUrl, token, 'uno', `${FOREVER}// attacker ${a}, sketch ${n} ${Date.now()}\n`);
      return { ...answer, atMs: performance.now() - started };
    }),
  );
  // The flood is in before the learner presses Run.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const learnerAnswer = await compile(
    baseUrl,
    learner,
    'uno',
    `void setup() { pinMode(13, OUTPUT); }\nvoid loop() { digitalWrite(13, millis() / 500 % 2); }\n// ${Date.now()}\n`,
  );
  const floodAnswers = await Promise.all(flood);
  const statuses: Record<string, number> = {};
  for (const answer of floodAnswers) {
    const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    learner: learnerAnswer,
    statuses,
    lastFloodMs: Math.max(...floodAnswers.map((a) => a.atMs)),
    others: summary(await stop()),
  };
}

export async function benchAttacks(
  baseUrl: string,
  { solo, accounts, quick }: { solo: string; accounts: readonly string[]; quick: boolean },
): Promise<AttackBenchResult> {
  const [learner, ...attackers] = accounts;
  if (!learner || attackers.length < 10) throw new Error('the attack needs 11 accounts');
  const honest = await measureHonest(baseUrl, solo);
  const stall = await measureStall(baseUrl, attackers, quick ? 4_000 : 10_000);
  const flood = await measureFlood(baseUrl, attackers, learner);
  return { honest, stall, flood };
}

export function attacksMarkdown(r: AttackBenchResult): string[] {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const stallSlowest = Math.max(...r.stall.answers.map((a) => a.ms));
  const statuses = Object.entries(r.flood.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  return [
    '### Against an attacker (issue 41)',
    '',
    '| goal (issue 41) | measured | verdict |',
    '|---|---|---|',
    `| the linker's 327 KB line answered within 5 s | ${r.stall.answers.length} answers (${[...new Set(r.stall.answers.map((a) => a.status))].join(', ')}), slowest ${ms(stallSlowest)} | ${verdict(stallSlowest <= 5_000)} |`,
    `| meanwhile \`GET /\` under ${ms(ATTACK_GOALS.stallGetMs)}, two in flight | max ${ms(r.stall.get.maxMs)}, p95 ${ms(r.stall.get.p95Ms)} (${r.stall.get.count} requests, ${r.stall.get.failed} not 200; idle before: max ${ms(r.stall.idleGet.maxMs)}) | ${verdict(r.stall.get.maxMs < ATTACK_GOALS.stallGetMs && r.stall.get.failed === 0)} |`,
    `| 10 accounts × 3 sketches compiling to the limit: a learner's blink answered within ${s(ATTACK_GOALS.learnerUnderFloodMs)} | ${r.flood.learner.status} after ${s(r.flood.learner.ms)} | ${verdict(r.flood.learner.status === 200 && r.flood.learner.ms <= ATTACK_GOALS.learnerUnderFloodMs)} |`,
    `| meanwhile the other pages under ${s(ATTACK_GOALS.otherPagesUnderFloodMs)}, until the flood is over | max ${ms(r.flood.others.maxMs)}, p95 ${ms(r.flood.others.p95Ms)} (${r.flood.others.count} requests, ${r.flood.others.failed} not 200) | ${verdict(r.flood.others.maxMs < ATTACK_GOALS.otherPagesUnderFloodMs && r.flood.others.failed === 0)} |`,
    '',
    `The flood's own answers: ${statuses}; the last after ${s(r.flood.lastFloodMs)}.`,
    '',
    `The slowest honest sketches (${r.honest.count} in all, each compiled cold, one at a time; median ${ms(r.honest.medianMs)}): ${r.honest.slowest.map((t) => `${t.name} ${ms(t.ms)}${t.status === 200 ? '' : ` (${t.status})`}`).join(', ')}. The time limit (${s(DEFAULT_COMPILE_CONFIG.timeLimitMs)}) and the first slice (${s(DEFAULT_COMPILE_CONFIG.sliceMs)}) are set from the slowest (decision 030).`,
  ];
}
