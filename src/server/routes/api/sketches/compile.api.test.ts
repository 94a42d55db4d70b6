import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { compiledSketchSchema, compileFailedSchema, SKETCH_SOURCE_MAX_BYTES } from '#shared/schemas/sketch-compile.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';
import { DEFAULT_COMPILE_CONFIG } from '../../../env.ts';

/*
 * The compile service over HTTP with the real toolchain in the real sandbox (bubblewrap), on each
 * database: what a learner gets, what bad input gets, and what the attacks a sketch can carry get.
 * Needs `apt-get install gcc-avr avr-libc arduino-core-avr bubblewrap` (.ci/run installs them).
 */

const compileConfig = {
  ...DEFAULT_COMPILE_CONFIG,
  compiler: testSettings.avrCompiler,
  core: testSettings.arduinoAvrCore,
};

const BLINK = `// Blink, as a learner writes it
void setup() {
  pinMode(LED_BUILTIN, OUTPUT);
  Serial.begin(9600);
  Serial.println("Hello from the learner");
}

void loop() {
  blinkOnce(250);
}

// Defined after its use: the service adds the prototype, as the Arduino IDE does.
void blinkOnce(int ms) {
  digitalWrite(LED_BUILTIN, HIGH);
  delay(ms);
  digitalWrite(LED_BUILTIN, LOW);
  delay(ms);
}
`;

/** A file only this test knows of, outside everything the sandbox mounts. */
const secretDir = mkdtempSync(path.join(tmpdir(), 'roboforge-secret-'));
const SECRET = 'TOP-SECRET-7f3a9c';
const secretFile = path.join(secretDir, 'secret.h');
writeFileSync(secretFile, `${SECRET}\n`);
afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

const compile = (server: TestServer, session: Session | null, json: unknown, headers: Record<string, string> = {}) =>
  request(server, '/api/sketches/compile', {
    method: 'POST',
    json,
    headers: { ...(session ? bearer(session.access_token) : {}), ...headers },
  });

const sketch = (body: string) => `${body}\nvoid setup() {}\nvoid loop() {}\n`;

/** Nothing of the server's files or paths in an answer. */
function expectNoLeak(text: string) {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('root:x:0:0');
  expect(text).not.toContain(secretDir);
  expect(text).not.toContain('/usr/');
  expect(text).not.toContain('/arduino/');
  expect(text).not.toContain(process.cwd());
  expect(text).not.toContain('/tmp/');
}

describeEachDatabase('POST /api/sketches/compile', { compile: compileConfig }, (test) => {
  let learner: Session;
  test.beforeAll(async ({ server }) => {
    learner = await signUpAndSignIn(server);
  });

  test('compiles a sketch into a program, with the sizes and the clock the simulator needs; the same sketch again comes from the cache', async ({
    server,
  }) => {
    const first = await compile(server, learner, { board: 'uno', source: BLINK });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const program = compiledSketchSchema.parse(first.body);
    expect(program.hex).toMatch(/^:[0-9A-F]{10,}/);
    expect(program.hex.trimEnd().split(/\r?\n/).at(-1)).toBe(':00000001FF');
    expect(program.size.flash).toBeGreaterThan(1000);
    expect(program.size.flash).toBeLessThan(32_256);
    expect(program.size.ram).toBeGreaterThan(0);
    expect(program.warnings).toEqual([]);
    expect(program.cached).toBe(false);

    const again = compiledSketchSchema.parse((await compile(server, learner, { board: 'uno', source: BLINK })).body);
    expect(again).toEqual({ ...program, cached: true });
    // Another board is another program.
    const mega = compiledSketchSchema.parse((await compile(server, learner, { board: 'mega', source: BLINK })).body);
    expect(mega.cached).toBe(false);
    expect(mega.hex).not.toBe(program.hex);
  });

  test('a mistake is answered 422 on the line of the learner’s own sketch, without paths; warnings do not stop a program', async ({
    server,
  }) => {
    const broken = BLINK.replace('pinMode(LED_BUILTIN, OUTPUT);', 'pinMode(LED_BUILTIN, OUTPUT)');
    const res = await compile(server, learner, { board: 'uno', source: broken });
    expect(res.status).toBe(422);
    const { error } = compileFailedSchema.parse(res.body);
    expect(error.code).toBe('compile_failed');
    // GCC names the token after the missing `;`: the first of the next line.
    expect(error.diagnostics[0]).toMatchObject({ line: 4, column: 3, severity: 'error' });
    expect(error.diagnostics[0]?.message).toMatch(/expected ';'/);
    expectNoLeak(res.text);

    const undeclared = await compile(server, learner, {
      board: 'uno',
      source: `${BLINK}\nvoid extra() { blinkTwice(); }\n`,
    });
    expect(compileFailedSchema.parse(undeclared.body).error.diagnostics).toContainEqual(
      expect.objectContaining({ line: 20, message: expect.stringMatching(/blinkTwice.*not declared/) }),
    );

    const warned = await compile(server, learner, {
      board: 'uno',
      source: BLINK.replace('void loop() {', 'void loop() {\n  int unused = 3;'),
    });
    expect(warned.status).toBe(200);
    expect(compiledSketchSchema.parse(warned.body).warnings).toEqual([
      expect.objectContaining({ line: 9, severity: 'warning', message: expect.stringContaining('unused') }),
    ]);

    const noLoop = await compile(server, learner, { board: 'uno', source: 'void setup() {}\n' });
    expect(noLoop.status).toBe(422);
    expect(compileFailedSchema.parse(noLoop.body).error.diagnostics[0]?.message).toMatch(
      /undefined reference to `loop'/,
    );
  });

  test('bad requests change nothing and say what is wrong', async ({ server }) => {
    const count = async () =>
      Number(
        (
          await server.app.database.db
            .selectFrom('compiled_sketches')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [unknown, number][] = [
      [{ board: 'uno' }, 400],
      [{ source: BLINK }, 400],
      [{ board: 'esp32', source: BLINK }, 400],
      [{ board: 'uno', source: 42 }, 400],
      [{ board: 'uno', source: BLINK, flags: '-include /etc/passwd' }, 400],
      [[], 400],
      [{ board: 'uno', source: `${BLINK}${'/'.repeat(SKETCH_SOURCE_MAX_BYTES)}` }, 413],
    ];
    for (const [json, status] of cases) {
      const res = await compile(server, learner, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(status);
      apiErrorSchema.parse(res.body);
    }
    const malformed = await request(server, '/api/sketches/compile', {
      method: 'POST',
      headers: { ...bearer(learner.access_token), 'content-type': 'application/json' },
      body: '{"board": "uno", "source": ',
    });
    expect(malformed.status).toBe(400);
    const huge = await compile(server, learner, { board: 'uno', source: 'x'.repeat(600_000) });
    expect(huge.status).toBe(413);
    const plain = await request(server, '/api/sketches/compile', {
      method: 'POST',
      headers: { ...bearer(learner.access_token), 'content-type': 'text/plain' },
      body: BLINK,
    });
    expect(plain.status).toBe(415);
    expect(await count()).toBe(before);
  });

  test('needs a live session: none, a forged or a garbage token get 401', async ({ server }) => {
    expect((await compile(server, null, { board: 'uno', source: BLINK })).status).toBe(401);
    expect((await compile(server, null, { board: 'uno', source: BLINK }, bearer('not-a-token'))).status).toBe(401);
    const [header, payload] = learner.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await compile(server, null, { board: 'uno', source: BLINK }, bearer(forged))).status).toBe(401);
  });

  test('the attacks a sketch can carry read nothing, leak nothing and stall nothing', { timeout: 120_000 }, async ({
    server,
  }) => {
    const attacks: [string, string][] = [
      ['an absolute include', sketch('#include "/etc/passwd"')],
      ['an include of a file outside the sandbox', sketch(`#include "${secretFile}"`)],
      ['an include hidden in a macro', sketch(`#define SECRET_FILE "${secretFile}"\n#include SECRET_FILE`)],
      ['a system file hidden in a macro', sketch('#define P </etc/passwd>\n#include P')],
      ['a digraph include', sketch('%:define P </etc/passwd>\n%:include P')],
      ['a trigraph include', sketch('??=include "/etc/passwd"')],
      ['a relative climb', sketch('#include "../../../../../../etc/passwd"')],
      ['the project folder', sketch(`#define P "${path.join(process.cwd(), 'package.json')}"\n#include P`)],
      ['.incbin', `asm(".incbin \\"/etc/passwd\\"");\n${sketch('')}`],
      ['.incbin split across strings', `asm(".inc" "bin \\"${secretFile}\\"");\n${sketch('')}`],
      ['/dev/zero', sketch('#define Z "/dev/zero"\n#include Z')],
      ['/dev/urandom', sketch('#define R </dev/urandom>\n#include R')],
      ['/proc', sketch('#define S </proc/self/environ>\n#include S')],
      ['itself, for ever', sketch('#include __FILE__')],
      [
        'a template recursion bomb',
        sketch(
          'template <int N> struct Bomb { static const long v = Bomb<N - 1>::v + Bomb<N - 2>::v; };\ntemplate <> struct Bomb<0> { static const long v = 1; };\ntemplate <> struct Bomb<1> { static const long v = 1; };\nconst long boom = Bomb<100000>::v;',
        ),
      ],
      ['an error flood', sketch(Array.from({ length: 2000 }, (_, i) => `int x${i} = undefined_${i};`).join('\n'))],
      [
        // Macros multiply a line into megabytes of messages: the output cap stops the compiler.
        'a message flood',
        sketch(
          [
            `#define A "${'W'.repeat(1000)}"`,
            '#define B A A A A A A A A A A',
            '#define C B B B B B B B B B B',
            ...Array.from({ length: 100 }, () => '#pragma message C'),
          ].join('\n'),
        ),
      ],
    ];
    for (const [name, source] of attacks) {
      // The site goes on answering while the attack is compiled.
      const attack = compile(server, learner, { board: 'uno', source });
      const health = await request(server, '/api/health');
      expect(health.status, name).toBe(200);
      const res = await attack;
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(422);
      expectNoLeak(res.text);
      const { error } = compileFailedSchema.parse(res.body);
      expect(error.diagnostics.length, name).toBeLessThanOrEqual(50);
      expect(res.text.length, name).toBeLessThan(64 * 1024);
    }
    // __has_include tells nothing of the server's files: in the sandbox, there are none.
    const probe = await compile(server, learner, {
      board: 'uno',
      source: sketch(
        `#if __has_include("/etc/passwd") || __has_include("${secretFile}") || __has_include("/root")\n#error found\n#endif`,
      ),
    });
    expect(probe.status, probe.text).toBe(200);
  });
});

describeEachDatabase(
  'POST /api/sketches/compile, one learner’s many clicks',
  { compile: { ...compileConfig, perAccountPerMinute: 4, concurrency: 1, maxWaitingPerAccount: 1 } },
  (test) => {
    test('past the rate an account gets 429 with Retry-After; another account is still served', async ({ server }) => {
      const eager = await signUpAndSignIn(server);
      const patient = await signUpAndSignIn(server);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await compile(server, eager, { board: 'uno', source: `${BLINK}// run ${i}\n` });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(apiErrorSchema.parse(res.body).error.code).toBe('over_request_rate_limit');
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect((await compile(server, patient, { board: 'uno', source: BLINK })).status).toBe(200);
    });

    test('one account’s clicks sent at once wait in its own line: past it, 429; the class’s compiles are not held up', async ({
      server,
    }) => {
      const clicker = await signUpAndSignIn(server);
      const classmate = await signUpAndSignIn(server);
      // One core: the first compile runs, one waits in the clicker's line, the third is refused.
      const clicks = [0, 1, 2].map((i) =>
        compile(server, clicker, { board: 'uno', source: `${BLINK}// click ${i}\n` }),
      );
      const classmates = compile(server, classmate, { board: 'uno', source: `${BLINK}// classmate\n` });
      const statuses = (await Promise.all(clicks)).map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 429]);
      expect((await classmates).status).toBe(200);
    });
  },
);

describeEachDatabase(
  'POST /api/sketches/compile without a toolchain',
  { compile: { ...compileConfig, compiler: '/nowhere/avr-g++' }, logLevel: 'error' },
  (test) => {
    test('answers 503 compiler_unavailable in one sentence without a path, and says so in the log', async ({
      server,
      logs,
    }) => {
      const learner = await signUpAndSignIn(server);
      const res = await compile(server, learner, { board: 'uno', source: BLINK });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const { error } = apiErrorSchema.parse(res.body);
      expect(error.code).toBe('compiler_unavailable');
      expect(error.message).toMatch(/^The Arduino compiler is not installed on this server/);
      expect(error.message).not.toContain('/nowhere');
      expect(logs.text).toContain('compiling sketches is off');
    });
  },
);

/** A work folder the sandbox's user cannot enter (mkdtemp makes them 0700), as a private TMPDIR would be. */
const privateRoot = mkdtempSync(path.join(tmpdir(), 'roboforge-private-'));
afterAll(() => rmSync(privateRoot, { recursive: true, force: true }));

describeEachDatabase(
  'POST /api/sketches/compile with a work folder the sandbox cannot read',
  { compile: { ...compileConfig, workRoot: privateRoot }, logLevel: 'error' },
  (test) => {
    test('answers 503 compiler_unavailable (the server’s fault, not the learner’s), never a 422', async ({
      server,
    }) => {
      const learner = await signUpAndSignIn(server);
      const res = await compile(server, learner, { board: 'uno', source: BLINK });
      expect(res.status).toBe(503);
      expect(apiErrorSchema.parse(res.body).error).toEqual({
        code: 'compiler_unavailable',
        message:
          'The compile sandbox cannot read its work folder: the temporary folder (TMPDIR) must be one other users may enter.',
      });
    });
  },
);
