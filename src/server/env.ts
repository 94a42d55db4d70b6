import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  CLASS_FAILURE_WINDOW_SECONDS,
  CLASS_FAILURES_PER_ADDRESS_PER_WINDOW,
  DEFAULT_CLASS_RETENTION_DAYS,
  DEFAULT_SITE_NAME,
  LEARNER_FAILURES_PER_WINDOW,
} from '#shared/constants.ts';
import { siteNameSchema } from '#shared/site-name.ts';

/** A private ES256 key in JWK form, as operators may supply it (product §3, Session). */
const signingJwkSchema = z.looseObject({
  kid: z.string().min(1),
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  d: z.string(),
});
export type SigningJwk = z.infer<typeof signingJwkSchema>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Treats an empty variable as unset, the way shells and .env files mean it. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const count = (what: string) =>
  optional(
    z.coerce
      .number({ error: `must be a whole number of ${what}, at least 1` })
      .int(`must be a whole number of ${what}, at least 1`)
      .min(1, `must be a whole number of ${what}, at least 1`),
  );

const envSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535'),
  ),
  HOST: optional(z.string().regex(/^[\w.:-]+$/, 'must be a host name or IP address')),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (leave it unset to use the embedded SQLite database)'),
  ),
  SITE_NAME: optional(siteNameSchema),
  SITE_URL: optional(z.url({ error: 'must be an absolute http(s) URL' })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  TRUST_PROXY: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// URL')),
  MAX_STREAMS_PER_ADDRESS: count('streams'),
  MAX_STREAMS: count('streams'),
  SIGNUPS_PER_ADDRESS: count('sign-ups'),
  CLASS_SIGNINS_PER_ADDRESS: count('class sign-ins'),
  CLASS_RETENTION_DAYS: count('days'),
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . - or :')),
  JWT_SIGNING_KEY: optional(
    z.string().transform((text, ctx) => {
      try {
        return signingJwkSchema.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an ES256 private key as JSON (a JWK with kid, kty EC, crv P-256, d)',
        });
        return z.NEVER;
      }
    }),
  ),
  // Cheap password hashing, for test runs only (refused unless NODE_ENV=test).
  PASSWORD_HASH_COST: optional(z.enum(['owasp', 'test'], { error: 'must be owasp or test' })),
  NODE_ENV: optional(z.string()),
  // Compiling learners' sketches (issue 32): the sandbox may be turned off only for one trusted user.
  COMPILE_SANDBOX: optional(z.enum(['on', 'off'], { error: 'must be on or off (off only for a single trusted user)' })),
  AVR_GXX: optional(z.string()),
  ARDUINO_AVR_CORE: optional(z.string()),
  COMPILES_PER_MINUTE: count('compiles'),
  // Password recovery by e-mail (optional; both or neither). Links in mail always point at SITE_URL.
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(
    z
      .string()
      .regex(
        /^(?:[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an e-mail address, or a name and an address: RoboForge <robots@club.example>',
      ),
  ),
});

export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

/** Requests allowed per address (and failed sign-ins per account) in a time window. */
export interface RateLimits {
  readonly signupPerAddress: { readonly max: number; readonly windowMs: number };
  readonly tokenPerAddress: { readonly max: number; readonly windowMs: number };
  /** Past this, only addresses that have not failed for the account may still try (auth/failed-sign-ins.ts). */
  readonly failedSignInsPerAccount: { readonly max: number; readonly windowMs: number };
  /** Past this, the address is refused for that account until the window ends. */
  readonly failedSignInsPerAccountAndAddress: { readonly max: number; readonly windowMs: number };
}

/** The hosted service's values (product §9) and OWASP ASVS's per-account limit. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signupPerAddress: { max: 30, windowMs: 5 * 60_000 },
  tokenPerAddress: { max: 150, windowMs: 5 * 60_000 },
  failedSignInsPerAccount: { max: 100, windowMs: 60 * 60_000 },
  failedSignInsPerAccountAndAddress: { max: 10, windowMs: 15 * 60_000 },
};

/** Open live streams allowed per client address and in all, in one instance. */
export interface StreamLimits {
  readonly perAddress: number;
  readonly total: number;
}

/**
 * Ten per address (a few tabs, a few devices). In all, 5,000: measured on the built server, a stream
 * costs ~21 KB idle and ~37 KB while events flow (RSS 107 MB at none, 213 MB at 5,000, 291 MB at
 * 5,000 with ten updates a second), which leaves the process ~200 MB of its 512 MB for requests.
 * The open-file limit may lower the total (plugins/app/profile-feed.ts).
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perAddress: 10, total: 5000 };

interface AuthConfig {
  /** `iss` of access tokens: SITE_URL when set. */
  readonly issuer: string;
  /** Key from the environment; otherwise keys are generated and kept in the database. */
  readonly signingKey: SigningJwk | null;
  readonly rateLimits: RateLimits;
}

export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  readonly smtpUrl: string;
  readonly from: string;
}

/** Password recovery requests allowed in a time window (routes/api/auth/recovery.ts). */
export interface RecoveryLimits {
  /** Reset e-mails asked for, per client address. */
  readonly recoverPerAddress: { readonly max: number; readonly windowMs: number };
  /** Reset e-mails asked for, per e-mail address: nobody's mailbox is flooded. */
  readonly recoverPerEmail: { readonly max: number; readonly windowMs: number };
  /** Reset links used, per client address (the token is 256 bits: this bounds the work only). */
  readonly resetPerAddress: { readonly max: number; readonly windowMs: number };
}

export const DEFAULT_RECOVERY_LIMITS: RecoveryLimits = {
  recoverPerAddress: { max: 10, windowMs: 15 * 60_000 },
  recoverPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerAddress: { max: 30, windowMs: 5 * 60_000 },
};

/** Class mode (product D16): the operator's retention, and what a school behind one address needs. */
export interface ClassConfig {
  /** An archived class and its learners' data are deleted this many days after archiving. */
  readonly retentionDays: number;
  /** Class sign-in attempts per client address in 5 minutes (a class signs in together behind one address). */
  readonly signInsPerAddress: number;
  /** Class sign-in pages read per client address in 5 minutes (each is a guess at a join code). */
  readonly pagesPerAddress: number;
  /** Wrong secrets per learner (any address) before the learner is locked for the rest of the window. */
  readonly failuresPerLearner: { readonly max: number; readonly windowMs: number };
  /** Wrong secrets for one class from one address before that address is paused for the class. */
  readonly failuresPerClassAndAddress: { readonly max: number; readonly windowMs: number };
}

export const DEFAULT_CLASS_CONFIG: ClassConfig = {
  retentionDays: DEFAULT_CLASS_RETENTION_DAYS,
  signInsPerAddress: 300,
  pagesPerAddress: 300,
  failuresPerLearner: { max: LEARNER_FAILURES_PER_WINDOW, windowMs: CLASS_FAILURE_WINDOW_SECONDS * 1000 },
  failuresPerClassAndAddress: {
    max: CLASS_FAILURES_PER_ADDRESS_PER_WINDOW,
    windowMs: CLASS_FAILURE_WINDOW_SECONDS * 1000,
  },
};

/** The compile service for learners' sketches (src/server/compile/). */
export interface CompileConfig {
  /** `off` compiles without the sandbox: only for a single trusted user (COMPILE_SANDBOX=off). */
  readonly sandbox: 'bubblewrap' | 'off';
  /** avr-g++ (`AVR_GXX`). */
  readonly compiler: string;
  /** The Arduino AVR core (`ARDUINO_AVR_CORE`). */
  readonly core: string;
  /** Compiles each account may ask for per minute, cached ones included. */
  readonly perAccountPerMinute: number;
  /** Compiles at once in this instance: its cores. */
  readonly concurrency: number;
  /** Compiles waiting in this instance, in all and per account, before more are refused. */
  readonly maxWaiting: number;
  readonly maxWaitingPerAccount: number;
  /** How long one compile may run (its CPU seconds too): decision 030 says how it was set. */
  readonly timeLimitMs: number;
  /** A compile's first slice of running time before it is paused for the slow lane (decision 030). */
  readonly sliceMs: number;
  /** Paused compiles kept in the slow lane; past it, a compile at the end of its slice is refused as busy. */
  readonly maxPaused: number;
  /** Where the compiler makes its workspace; the machine's temporary folder when not given. */
  readonly workRoot?: string;
}

export const DEFAULT_COMPILE_CONFIG: CompileConfig = {
  sandbox: 'bubblewrap',
  compiler: 'avr-g++',
  core: '/usr/share/arduino/hardware/arduino/avr',
  perAccountPerMinute: 30,
  concurrency: Math.max(1, availableParallelism()),
  // Two classes of 30 pressing Run together wait; a third is asked to try again in a few seconds.
  maxWaiting: 60,
  maxWaitingPerAccount: 2,
  timeLimitMs: 5_000,
  sliceMs: 1_500,
  maxPaused: 8,
};

export interface AppConfig {
  readonly siteName: string;
  /** `DEFAULT_CLASS_CONFIG` when not given. */
  readonly classes?: ClassConfig;
  readonly auth: AuthConfig;
  /** Shared rate-limit counters for several instances; null keeps them in memory. */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  readonly redisKeyPrefix: string;
  /** `SITE_URL`: where reset links point; unset, an administrator's link uses the request's origin. */
  readonly siteUrl?: string | null;
  /** Outgoing mail (`SMTP_URL`, `MAIL_FROM`) for password recovery; unset, recovery goes through an administrator. */
  readonly mail?: MailConfig | null;
  /** `DEFAULT_RECOVERY_LIMITS` when not given. */
  readonly recoveryLimits?: RecoveryLimits;
  readonly database: DatabaseConfig;
  /** The built web app (`build/client`), or null to serve the API only. */
  readonly webRoot: string | null;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly trustProxy: boolean;
  /** Live-stream caps; `DEFAULT_STREAM_LIMITS` when not given. */
  readonly streamLimits?: StreamLimits;
  /** Time allowed to receive a whole request, headers and body; `REQUEST_TIMEOUT_MS` of app.ts when not given. */
  readonly requestTimeoutMs?: number;
  /** `DEFAULT_COMPILE_CONFIG` when not given. */
  readonly compile?: CompileConfig;
  /** argon2id's cost: OWASP's (the default), or `test`'s, which only a test run may choose (auth/passwords.ts). */
  readonly passwordHashCost?: 'owasp' | 'test';
  /** Where log lines go instead of stdout: tests capture them to check what is written. */
  readonly logStream?: { write(line: string): void };
}

interface ServerConfig extends AppConfig {
  readonly port: number;
  readonly host: string;
}

type EnvResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

/** Reads the process environment once, so no other module reads `process.env`. */
export function parseEnv(env: Record<string, string | undefined>, cwd = process.cwd()): EnvResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const value = env[key];
      // Never echo a value that may hold a secret (URLs carry passwords; the signing key is one).
      const secret = key === 'DATABASE_URL' || key === 'REDIS_URL' || key === 'JWT_SIGNING_KEY' || key === 'SMTP_URL';
      const shown = value === undefined || secret ? '' : ` (got "${value}")`;
      return `${key} ${issue.message}${shown}`;
    });
    return { ok: false, problems };
  }
  const e = parsed.data;
  const mailProblems = [
    e.SMTP_URL && !e.MAIL_FROM ? 'MAIL_FROM must be set with SMTP_URL' : null,
    e.MAIL_FROM && !e.SMTP_URL ? 'SMTP_URL must be set with MAIL_FROM' : null,
    // A link built from the request's Host header could be pointed at another site by whoever asks.
    e.SMTP_URL && !e.SITE_URL ? 'SITE_URL must be set with SMTP_URL (mailed reset links point at it)' : null,
  ].filter((problem) => problem !== null);
  if (mailProblems.length > 0) return { ok: false, problems: mailProblems };
  if (e.PASSWORD_HASH_COST === 'test' && e.NODE_ENV !== 'test') {
    return {
      ok: false,
      problems: ['PASSWORD_HASH_COST=test is for test runs only (NODE_ENV=test): it weakens every stored password'],
    };
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  return {
    ok: true,
    config: {
      port: e.PORT ?? 3000,
      host: e.HOST ?? '0.0.0.0',
      siteName: e.SITE_NAME ?? DEFAULT_SITE_NAME,
      auth: {
        issuer: e.SITE_URL ?? 'roboforge',
        signingKey: e.JWT_SIGNING_KEY ?? null,
        // A school or club behind one address may raise the sign-ups it allows per 5 minutes.
        rateLimits: e.SIGNUPS_PER_ADDRESS
          ? {
              ...DEFAULT_RATE_LIMITS,
              signupPerAddress: { ...DEFAULT_RATE_LIMITS.signupPerAddress, max: e.SIGNUPS_PER_ADDRESS },
            }
          : DEFAULT_RATE_LIMITS,
      },
      classes: {
        ...DEFAULT_CLASS_CONFIG,
        retentionDays: e.CLASS_RETENTION_DAYS ?? DEFAULT_CLASS_CONFIG.retentionDays,
        signInsPerAddress: e.CLASS_SIGNINS_PER_ADDRESS ?? DEFAULT_CLASS_CONFIG.signInsPerAddress,
      },
      redisUrl: e.REDIS_URL ?? null,
      redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'roboforge:',
      siteUrl: e.SITE_URL ?? null,
      mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
      database: e.DATABASE_URL
        ? { kind: 'postgres', url: e.DATABASE_URL }
        : { kind: 'sqlite', file: path.join(dataDir, 'roboforge.sqlite') },
      webRoot: path.resolve(cwd, 'build/client'),
      logLevel: e.LOG_LEVEL ?? 'info',
      trustProxy: e.TRUST_PROXY === 'true',
      streamLimits: {
        perAddress: e.MAX_STREAMS_PER_ADDRESS ?? DEFAULT_STREAM_LIMITS.perAddress,
        total: e.MAX_STREAMS ?? DEFAULT_STREAM_LIMITS.total,
      },
      passwordHashCost: e.PASSWORD_HASH_COST ?? 'owasp',
      compile: {
        ...DEFAULT_COMPILE_CONFIG,
        sandbox: e.COMPILE_SANDBOX === 'off' ? 'off' : 'bubblewrap',
        compiler: e.AVR_GXX ?? DEFAULT_COMPILE_CONFIG.compiler,
        core: e.ARDUINO_AVR_CORE ?? DEFAULT_COMPILE_CONFIG.core,
        perAccountPerMinute: e.COMPILES_PER_MINUTE ?? DEFAULT_COMPILE_CONFIG.perAccountPerMinute,
      },
    },
  };
}
