import { z } from 'zod';
import type { DatabaseKind } from '#server/db/database.ts';

/** An empty variable means the same as an unset one (`TEST_DATABASE_URL= npm test` runs SQLite only). */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetWhenEmpty, schema.optional());

const flag = (name: string) =>
  optional(z.enum(['0', '1'], { error: `${name} must be 0 or 1` })).transform((value) => value === '1');

/**
 * The environment the tests, their helpers and the benchmarks read: the only place in test code
 * that reads `process.env` (a spawned server is still handed the whole environment).
 */
const testEnvironmentSchema = z
  .object({
    /** A PostgreSQL database the tests may create and drop schemas in. Unset: SQLite only. */
    TEST_DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'TEST_DATABASE_URL must be a postgres:// URL' }),
    ),
    /** A Redis server for the suites that share rate limits across instances. Unset: they are skipped. */
    TEST_REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'TEST_REDIS_URL must be a redis:// URL' })),
    /** The Chromium the end-to-end tests and the Lighthouse benchmark drive. */
    CHROMIUM_PATH: optional(z.string()).transform((path) => path ?? '/usr/bin/chromium'),
    /** The Firefox the Firefox smoke test drives (Debian's ESR by default). */
    FIREFOX_PATH: optional(z.string()).transform((path) => path ?? '/usr/bin/firefox-esr'),
    /** `1`: the long forms of the security and reliability suites (`npm run soak`). */
    SOAK: flag('SOAK'),
    /** Replays the fast-check seed a failure printed. */
    FUZZ_SEED: optional(z.string().regex(/^-?\d+$/, 'FUZZ_SEED must be a whole number')).transform((seed) =>
      seed === undefined ? undefined : Number(seed),
    ),
    /** The AVR compiler (avr-g++; its binutils beside it) and the Arduino AVR core that build the tutorial sketches (Debian's by default). */
    AVR_GXX: optional(z.string()).transform((path) => path ?? 'avr-g++'),
    ARDUINO_AVR_CORE: optional(z.string()).transform((path) => path ?? '/usr/share/arduino/hardware/arduino/avr'),
    /** Vitest sets `test`; a benchmark run with `node` leaves it unset. */
    NODE_ENV: optional(z.string()),
    /** `1` (CI): a suite skipped for want of PostgreSQL, Redis or root fails the run (tests/support/needs.ts). */
    REQUIRE_EVERY_SUITE: flag('REQUIRE_EVERY_SUITE'),
    /** `1`: the end-to-end tests save screenshots of what they see under /tmp/shots, for people to look at. */
    SCREENSHOTS: flag('SCREENSHOTS'),
    /** `1`: `npm run bench` measures less, for a quick look. */
    BENCH_QUICK: flag('BENCH_QUICK'),
  })
  .transform((env) => {
    /** The databases the API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
    const databases: readonly DatabaseKind[] = env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
    return {
      databaseUrl: env.TEST_DATABASE_URL ?? null,
      databases,
      redisUrl: env.TEST_REDIS_URL ?? null,
      chromiumPath: env.CHROMIUM_PATH,
      firefoxPath: env.FIREFOX_PATH,
      soak: env.SOAK,
      fuzzSeed: env.FUZZ_SEED,
      benchQuick: env.BENCH_QUICK,
      screenshots: env.SCREENSHOTS,
      requireEverySuite: env.REQUIRE_EVERY_SUITE,
      /** Under Vitest: servers the tests start hash passwords at the test cost; benchmarks keep the real one. */
      underTest: env.NODE_ENV === 'test',
      avrCompiler: env.AVR_GXX,
      arduinoAvrCore: env.ARDUINO_AVR_CORE,
    };
  });

function parseTestEnvironment() {
  const result = testEnvironmentSchema.safeParse(process.env);
  // A variable that is set but wrong stops the run, with every problem named.
  if (!result.success) throw new Error(`The test environment is not valid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** The test environment, read once. */
export const testSettings = parseTestEnvironment();
