/**
 * `node bench/main-thread.ts`: what blocks a page's main thread, task by task, on a phone's CPU.
 *
 * Serves the current build (`npm run build` first) on a fresh database, opens the page in Chromium
 * at 4× CPU slowdown (Lighthouse's mobile figure, applied for real here rather than simulated),
 * traces the load with the CPU profiler on, and prints every task over 50 ms: the rendering phases
 * inside it, what invalidated style or layout before it, and where its script time went — the
 * functions, and the innermost frame of our own code on the stack. Frames are mapped to sources
 * when the build has client source maps:
 *
 *   npx react-router build --sourcemapClient=hidden && node scripts/postbuild.ts && node scripts/service-worker.ts
 *
 * (then `npm run build` again before serving it: the maps are not meant for production).
 *
 * Options: --page=/projects/line-following-robot, --runs=2, --anonymous (no stored session), --dir=<a
 * checkout whose build to serve> (default this one),
 * --slowdown=4 (1: no CPU slowdown, tasks over 12.5 ms; --long-task=MS to choose). Chromium slows
 * the CPU by pausing the page's thread, so inside a slowed task the profile's samples can pile up on
 * whichever function was running at a pause: the task list is right at 4×, but for where a task's
 * time goes, run it again with --slowdown=1. --invalidations records what invalidated style and
 * layout before each task; it captures a stack trace at every invalidation, which makes script that
 * changes the DOM several times slower (leave it off when timing).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { ROOT } from '#test/repository-root.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { startServer } from './support.ts';

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: '/projects/line-following-robot' },
    runs: { type: 'string', default: '2' },
    anonymous: { type: 'boolean', default: false },
    slowdown: { type: 'string', default: '4' },
    'long-task': { type: 'string' },
    invalidations: { type: 'boolean', default: false },
    /** Another checkout's built tree to trace (e.g. the previous release that bench/page-ratios.ts builds). */
    dir: { type: 'string', default: ROOT },
  },
});

const SLOWDOWN = Number(args.slowdown);
/**
 * A task longer than this blocks input (what Lighthouse's TBT counts beyond it); without a
 * slowdown, a task that would take that long at 4×.
 */
const LONG_TASK_MS = Number(args['long-task'] ?? (SLOWDOWN === 1 ? 12.5 : 50));
const PHASES = [
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'ParseAuthorStyleSheet',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'MinorGC',
  'MajorGC',
];
const INVALIDATIONS = [
  'LayoutInvalidationTracking',
  'StyleRecalcInvalidationTracking',
  'StyleInvalidatorInvalidationTracking',
];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const print = (line = '') => process.stdout.write(`${line}\n`);

const maps = new Map<string, TraceMap | null>();
function sourceMapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join(args.dir, 'build', 'client', new URL(url).pathname);
    maps.set(url, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  }
  return maps.get(url) ?? null;
}

/** `name source:line`, through the source map when there is one. */
function describe(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = frame.url.startsWith('http') ? sourceMapOf(frame.url) : null;
  if (!map) return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\//, '')}:${frame.lineNumber + 1}`;
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (original.source ?? '?').replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return `${original.name ?? (frame.functionName || '(anonymous)')} ${source}:${original.line}`;
}

function top(counts: Map<string, number>, n: number, total: number, indent: string) {
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    print(`${indent}${String(Math.round((100 * count) / total)).padStart(3)} %  ${key}`);
  }
}

function report(events: TraceEvent[]) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL);
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp?.pid,
  );
  if (!fcp || !navigation || !thread) throw new Error('the trace has no first paint or no renderer main thread');
  const onMain = (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid;
  const at = (ts: number) => `${Math.round((ts - navigation.ts) / 1000)} ms`;

  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let sampleTs = 0;
  for (const e of events) {
    if (e.pid !== thread.pid) continue;
    if (e.name === 'Profile') sampleTs = (e.args?.data as { startTime?: number } | undefined)?.startTime ?? sampleTs;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      sampleTs += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: sampleTs, node: id });
    });
  }

  print(`first contentful paint at ${at(fcp.ts)}`);
  let blocking = 0;
  let previousEnd = navigation.ts;
  const tasks = events.filter(
    (e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_MS * 1000,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const afterPaint = task.ts > fcp.ts;
    if (afterPaint) blocking += (task.dur ?? 0) / 1000 - LONG_TASK_MS;
    const phases = new Map<string, number>();
    for (const e of events) {
      if (!onMain(e) || e.ph !== 'X' || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !PHASES.includes(e.name))
        continue;
      phases.set(e.name, (phases.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const invalidations = new Map<string, number>();
    for (const e of events) {
      if (e.pid !== thread.pid || e.ts < previousEnd || e.ts > end || !INVALIDATIONS.includes(e.name)) continue;
      const key = `${e.name.replace('InvalidationTracking', '')}: ${(e.args?.data as { reason?: string })?.reason ?? '?'}`;
      invalidations.set(key, (invalidations.get(key) ?? 0) + 1);
    }
    previousEnd = end;
    const functions = new Map<string, number>();
    const ownCode = new Map<string, number>();
    let total = 0;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const node = nodes.get(sample.node);
      if (!node) continue;
      total++;
      const name = describe(node.callFrame);
      functions.set(name, (functions.get(name) ?? 0) + 1);
      let frame: ProfileNode | undefined = node;
      let mine = '(none)';
      for (; frame; frame = frame.parent === undefined ? undefined : nodes.get(frame.parent)) {
        const described = describe(frame.callFrame);
        if (/ src\//.test(described)) {
          mine = described;
          break;
        }
      }
      ownCode.set(mine, (ownCode.get(mine) ?? 0) + 1);
    }
    const phaseText = [...phases].map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
    print(
      `\ntask at ${at(task.ts)}, ${Math.round((task.dur ?? 0) / 1000)} ms${afterPaint ? '' : ' (before first paint)'}: ${phaseText}`,
    );
    if (invalidations.size > 0) {
      print(`  invalidated by: ${[...invalidations].map(([reason, n]) => `${reason} ×${n}`).join('; ')}`);
    }
    if (total > 0) {
      print('  functions:');
      top(functions, 8, total, '  ');
      print('  innermost frame of our code:');
      top(ownCode, 6, total, '  ');
    }
  }
  print(
    `\nblocking time after first paint (tasks over ${LONG_TASK_MS} ms, ${SLOWDOWN}× CPU): ${Math.round(blocking)} ms`,
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-main-thread-'));
const server = await startServer({ DATA_DIR: dataDir }, args.dir);
const browser = await launchBrowser();
try {
  const session = args.anonymous
    ? null
    : JSON.stringify(
        await signUpAndSignIn(server.baseUrl, `main-thread.${Date.now()}@example.test`, 'correct horse battery staple'),
      );
  for (let run = 1; run <= Number(args.runs); run++) {
    print(`\n=== ${args.page}${session ? ' (signed in)' : ''}, run ${run}`);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    if (session) {
      // A document of the origin without the app, where the session is stored as a returning member's browser holds it.
      await page.goto(new URL('/favicon.svg', server.baseUrl).href);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [SESSION_STORAGE_KEY, session],
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          ...(args.invalidations ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'loading',
          // navigationStart, the trace's zero
          'blink.user_timing',
        ],
      },
    });
    await page.goto(new URL(args.page, server.baseUrl).href);
    await page.waitForTimeout(5000);
    await cdp.send('Tracing.end');
    await complete;
    report(events);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
