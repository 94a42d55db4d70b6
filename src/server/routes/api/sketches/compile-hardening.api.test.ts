import { readdirSync, readFileSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { compiledSketchSchema, compileFailedSchema } from '#shared/schemas/sketch-compile.ts';
import { FOREVER, LONG_LINE } from '#test/compile-attacks.ts';
import { itNeeding } from '#test/needs.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';
import { DIAGNOSTIC_LINE_MAX } from '../../../compile/diagnostics.ts';
import { type CompileConfig, DEFAULT_COMPILE_CONFIG } from '../../../env.ts';

/*
 * The compile service against a determined attacker (issue 41), over HTTP with the real toolchain in
 * the real bubblewrap sandbox: each finding of the attack was first one of these tests, failing.
 * One database is enough: what is tested lives in the instance (its queue, its workspace, its
 * sandbox), and the cache's two databases are tested in compile.api.test.ts.
 */

const compileConfig: CompileConfig = {
  ...DEFAULT_COMPILE_CONFIG,
  compiler: testSettings.avrCompiler,
  core: testSettings.arduinoAvrCore,
  // The machine's cores vary; the attack below is measured against two, as on CI.
  concurrency: 2,
  perAccountPerMinute: 1_000,
};

const BLINK = `void setup() {
  pinMode(LED_BUILTIN, OUTPUT);
}

void loop() {
  digitalWrite(LED_BUILTIN, HIGH);
  delay(500);
  digitalWrite(LED_BUILTIN, LOW);
  delay(500);
}
`;

const sketch = (body: string) => `${body}\nvoid setup() {}\nvoid loop() {}\n`;

async function withServer<T>(compile: Partial<CompileConfig>, use: (server: TestServer) => Promise<T>): Promise<T> {
  const server = await startTestServer('sqlite', { compile: { ...compileConfig, ...compile } });
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

const compile = (server: TestServer, session: Session, source: string, signal?: AbortSignal) =>
  request(server, '/api/sketches/compile', {
    method: 'POST',
    json: { board: 'uno', source },
    headers: bearer(session.access_token),
    ...(signal ? { signal } : {}),
  });

/** Waits, a bounded number of times, for a condition the server reaches on its own. */
async function until(condition: () => boolean | Promise<boolean>, what: string, tries = 500) {
  for (let i = 0; i < tries; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** The sandboxes this process runs now: its children that are prlimit or bwrap. */
function sandboxProcesses(): number {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const tasks = readdirSync(`/proc/${process.pid}/task`);
  const children = tasks.flatMap((task) => read(`/proc/${process.pid}/task/${task}/children`).split(' '));
  return children.filter((pid) => pid && ['bwrap', 'prlimit'].includes(read(`/proc/${pid}/comm`).trim())).length;
}

describe('one account cannot stall the site', () => {
  it('the linker’s 327 KB line is answered as short messages, and no regular expression reads more than a capped line of it', {
    timeout: 60_000,
  }, async () => {
    await withServer({}, async (server) => {
      const learner = await signUpAndSignIn(server);
      // The service reads its own files (the core's platform.txt) once, on its first compile.
      expect((await compile(server, learner, BLINK)).status).toBe(200);
      // What every regular expression of this process is given while the answer is worked out. Not
      // a timing: quadratic matching needs a long input, and a parser that caps its lines never
      // hands one over (the old LINKER pattern read the whole line and blocked Node for ~3 s).
      const longest = { length: 0 };
      const exec = RegExp.prototype.exec;
      RegExp.prototype.exec = function (this: RegExp, text: string) {
        longest.length = Math.max(longest.length, String(text).length);
        return exec.call(this, text);
      };
      let res: Awaited<ReturnType<typeof compile>>;
      try {
        res = await compile(server, learner, LONG_LINE);
      } finally {
        RegExp.prototype.exec = exec;
      }
      expect(res.status, res.text.slice(0, 300)).toBe(422);
      const { error } = compileFailedSchema.parse(res.body);
      // A line cut at the cap ends with "…": one character more.
      const cap = DIAGNOSTIC_LINE_MAX + 1;
      for (const diagnostic of error.diagnostics) expect(diagnostic.message.length).toBeLessThanOrEqual(cap);
      expect(res.text.length).toBeLessThan(64 * 1024);
      expect(longest.length).toBeLessThanOrEqual(cap);
    });
  });
});

describe('ten accounts cannot take compiling away from everyone', () => {
  it('with 10 accounts each running 3 sketches to the limit, a learner’s blink is answered before any of them ends', {
    timeout: 120_000,
  }, async () => {
    await withServer({}, async (server) => {
      const attackers = await Promise.all(Array.from({ length: 10 }, () => signUpAndSignIn(server)));
      const learner = await signUpAndSignIn(server);
      const order: string[] = [];
      const flood = attackers.flatMap((attacker, a) =>
        [0, 1, 2].map((n) =>
          compile(server, attacker, `${FOREVER}// attacker ${a}, sketch ${n}\n`).then((res) => {
            order.push(`flood ${res.status}`);
            return res;
          }),
        ),
      );
      // The whole flood is in: two compiling, the rest waiting in the fast lane or refused at once
      // (429: an account that already has two waiting).
      await until(() => {
        const { running, waiting } = server.app.sketchCompiles.load;
        return running === 2 && order.length + running + waiting === flood.length;
      }, 'the flood queued');
      const honest = await compile(server, learner, BLINK).then((res) => {
        order.push(`learner ${res.status}`);
        return res;
      });
      expect(honest.status, honest.text.slice(0, 300)).toBe(200);
      // Before the learner's answer, no sketch of the flood ran to its limit (a 422 "took longer"):
      // at most one slice each went to those ahead of the learner. Some may have been refused as busy
      // (503) when the slow lane was full; none took the learner's turn.
      const before = order.slice(0, order.indexOf('learner 200'));
      expect(before.filter((answer) => answer !== 'flood 503' && answer !== 'flood 429')).toEqual([]);
      // Closing stops the rest of the flood: nothing is left compiling.
      await server.app.sketchCompiles.close();
      await Promise.allSettled(flood);
      await until(() => sandboxProcesses() === 0, 'every sandbox stopped');
    });
  });
});

describe('a learner who leaves takes their compile with them', () => {
  it('a waiting compile leaves the line, and a running one is stopped before its limit', {
    timeout: 60_000,
  }, async () => {
    await withServer({ concurrency: 1, sliceMs: 60_000 }, async (server) => {
      const [first, second] = await Promise.all([signUpAndSignIn(server), signUpAndSignIn(server)]);
      if (!first || !second) throw new Error('two learners');
      const running = new AbortController();
      const waiting = new AbortController();
      const runs = compile(server, first, FOREVER, running.signal).catch((error: unknown) => error);
      await until(() => server.app.sketchCompiles.load.running === 1 && sandboxProcesses() > 0, 'compiling');
      const waits = compile(server, second, `${FOREVER}// second\n`, waiting.signal).catch((error: unknown) => error);
      await until(() => server.app.sketchCompiles.load.waiting === 1, 'the second waiting');
      waiting.abort();
      await waits;
      await until(() => server.app.sketchCompiles.load.waiting === 0, 'the second left the line');
      running.abort();
      await runs;
      // Stopped at once: its time limit (5 s) is far from over when this gives up (5 s of polling at most).
      await until(() => sandboxProcesses() === 0, 'the first stopped');
      expect(server.app.sketchCompiles.load).toEqual({ running: 0, waiting: 0, paused: 0 });
      // The aborted fetches leave the client's pool with connections that never send a request, and
      // Node stops timing those out once close() begins (the real server's closeGracefully closes
      // them after its grace period): closed here, so the test's server can close.
      server.app.server.closeAllConnections();
    });
  });
});

describe('nothing planted in the workspace is used, and it recovers when it is gone', () => {
  let workRoot: string;
  let server: TestServer;
  let learner: Session;
  beforeAll(async () => {
    workRoot = await mkdtemp(path.join(tmpdir(), 'roboforge-workroot-'));
    await chmod(workRoot, 0o755);
    server = await startTestServer('sqlite', { compile: { ...compileConfig, workRoot } });
    learner = await signUpAndSignIn(server);
  });
  afterAll(async () => {
    await server.close();
    await rm(workRoot, { recursive: true, force: true });
  });

  const workspaces = async () => (await readdir(workRoot)).filter((name) => name.startsWith('roboforge-compile-'));
  const servo = (note: string) => `#include <Servo.h>\nServo arm;\n${sketch(`// ${note}`)}`;

  /** Compiles, then hands over the only workspace the server made. */
  async function workspaceAfterCompile(note: string) {
    const res = await compile(server, learner, servo(note));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const [only, ...more] = await workspaces();
    expect(more).toEqual([]);
    if (!only) throw new Error('no workspace');
    return path.join(workRoot, only);
  }

  /** A core archive that is no archive, and a Servo.h that stops every compile: what an attacker plants. */
  async function plant(workspace: string) {
    await writeFile(path.join(workspace, 'uno', 'core.a'), 'planted');
    await writeFile(path.join(workspace, 'libraries', 'Servo', 'Servo.h'), '#error planted\n');
  }

  it('makes its workspace with a name nobody can make first, readable by all and writable by itself only', async () => {
    const workspace = await workspaceAfterCompile('first');
    expect(path.basename(workspace)).toMatch(/^roboforge-compile-\w{6}$/);
    const files = await readdir(path.join(workspace, 'libraries'), { recursive: true });
    // Our libraries' headers only: no README, no examples, no tests.
    expect(files.filter((file) => !file.endsWith('.h') && !/^\w+$/.test(file))).toEqual([]);
  });

  it('a workspace left writable by others is never used again', async () => {
    const workspace = await workspaceAfterCompile('before loosening');
    await chmod(workspace, 0o777);
    await plant(workspace);
    const res = await compile(server, learner, servo('after loosening'));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(await workspaces()).not.toContain(path.basename(workspace));
  });

  itNeeding(['root'], 'a workspace handed to another user is never used again', async () => {
    const workspace = await workspaceAfterCompile('before chown');
    await plant(workspace);
    await chown(workspace, 65_534, 65_534);
    const res = await compile(server, learner, servo('after chown'));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(await workspaces()).not.toContain(path.basename(workspace));
  });

  it('the cache key hashes the files mounted: one changed in place serves no earlier program', async () => {
    const workspace = await workspaceAfterCompile('keyed');
    const first = compiledSketchSchema.parse((await compile(server, learner, servo('keyed'))).body);
    expect(first.cached).toBe(true);
    // The same owner and mode, a different header: a different key, so compiled again.
    await appendFile(path.join(workspace, 'libraries', 'Servo', 'Servo.h'), '\n// changed\n');
    const again = compiledSketchSchema.parse((await compile(server, learner, servo('keyed'))).body);
    expect(again.cached).toBe(false);
  });

  it('rebuilds a workspace deleted between two compiles, as a temp cleaner would', async () => {
    const workspace = await workspaceAfterCompile('before deleting');
    await rm(workspace, { recursive: true, force: true });
    const res = await compile(server, learner, servo('after deleting'));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  it('answers 503 in one sentence while no workspace can be made, and compiles again once one can', async () => {
    await rm(workRoot, { recursive: true, force: true });
    const failed = await compile(server, learner, servo('no work root'));
    expect(failed.status).toBe(503);
    expect(Number(failed.headers.get('retry-after'))).toBeGreaterThan(0);
    const { error } = apiErrorSchema.parse(failed.body);
    expect(error.code).toBe('compiler_unavailable');
    expect(error.message).toBe(
      'The compile service failed on this server and is checking itself again. Try again in a minute.',
    );
    expect(error.message).not.toContain(workRoot);
    await mkdir(workRoot, { mode: 0o755 });
    const res = await compile(server, learner, servo('work root back'));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });
});

describe('the sandbox shows nothing but the toolchain, and the bytes depend on the source alone', () => {
  let server: TestServer;
  let learner: Session;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { compile: compileConfig });
    learner = await signUpAndSignIn(server);
  });
  afterAll(() => server.close());

  it('no file outside the toolchain’s own folders can be read into a program, nor found', async () => {
    const osRelease = await readFile('/usr/lib/os-release', 'utf8').catch(() => 'PRETTY_NAME');
    for (const file of [
      '/usr/lib/os-release',
      '/usr/share/arduino/hardware/arduino/avr/platform.txt',
      '/arduino/core/platform.txt',
      '/arduino/build/libraries/README.md',
      '/arduino/build/libraries/libraries.system.test.ts',
      '/usr/bin/node',
    ]) {
      const res = await compile(server, learner, sketch(`asm(".inc" "bin \\"${file}\\"");`));
      expect(res.status, file).toBe(422);
      expect(res.text).not.toContain(osRelease.slice(0, 20));
      expect(compileFailedSchema.parse(res.body).error.diagnostics[0]?.message, file).toMatch(/file not found/);
    }
    const probe = await compile(
      server,
      learner,
      sketch(
        [
          '"/usr/lib/os-release"',
          '"/usr/lib/x86_64-linux-gnu/libcrypto.so.3"',
          '"/arduino/build/libraries/README.md"',
          '"/tmp"',
          '"/usr/bin/node"',
        ]
          .map((file) => `#if __has_include(${file})\n#error found ${file.slice(1, -1).replaceAll('/', ' ')}\n#endif`)
          .join('\n'),
      ),
    );
    expect(probe.status, probe.text).toBe(200);
  });

  it('__TIMESTAMP__ says the fixed build moment, so the same source gives the same bytes', async () => {
    const res = await compile(
      server,
      learner,
      'const char stamp[] PROGMEM = __TIMESTAMP__;\nvoid setup() { Serial.print((const __FlashStringHelper *)stamp); }\nvoid loop() {}\n',
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const bytes = hexBytes(compiledSketchSchema.parse(res.body).hex);
    expect(bytes).toContain('Thu Jan  1 08:00:00 2026');
  });

  it('what the assembler prints cannot pass for the program’s sizes', async () => {
    const plain = compiledSketchSchema.parse((await compile(server, learner, sketch('int kept = 3;'))).body);
    const faked = await compile(
      server,
      learner,
      sketch(
        'int kept = 3;\nasm(".print \\"@@roboforge-size\\"\\n.print \\".text 1\\"\\n.print \\"@@roboforge-symbols\\"\\n.print \\"@@roboforge-hex\\"\\n.print \\":00000001FF\\"");',
      ),
    );
    expect(faked.status, faked.text.slice(0, 300)).toBe(200);
    const program = compiledSketchSchema.parse(faked.body);
    expect(program.size).toEqual(plain.size);
    expect(program.hex).toBe(plain.hex);
  });

  it('settings a sketch could change the compiler’s limits with are refused in plain words', async () => {
    for (const source of [
      sketch('#pragma GCC optimize("-ftemplate-depth=100000")'),
      sketch('#pragma GCC push_options'),
      sketch('void fast() __attribute__((optimize("O3")));'),
    ]) {
      const res = await compile(server, learner, source);
      expect(res.status, source).toBe(422);
      expect(compileFailedSchema.parse(res.body).error.message).toMatch(/fixed settings/);
    }
  });

  it('no path survives in a message, spaces and web addresses included', async () => {
    const res = await compile(
      server,
      learner,
      sketch('#include "secret dir/private notes.h"\n#error see http://example.com/secret/path/page.html'),
    );
    expect(res.status).toBe(422);
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('example.com');
  });
});

/** The program's bytes (data records of its Intel HEX), as text: what its strings say. */
function hexBytes(hex: string): string {
  let text = '';
  for (const line of hex.split(/\r?\n/)) {
    if (!line.startsWith(':') || line.slice(7, 9) !== '00') continue;
    const data = line.slice(9, -2);
    for (let i = 0; i < data.length; i += 2) text += String.fromCharCode(Number.parseInt(data.slice(i, i + 2), 16));
  }
  return text;
}
