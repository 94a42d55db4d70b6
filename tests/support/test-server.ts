import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type AppConfig, type DatabaseConfig, DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { scratchDatabase } from './scratch-database.ts';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app listening on a free loopback port, on a fresh database of the given kind (a
 * temporary SQLite file, or a new PostgreSQL schema) that `close()` removes again. Given another
 * server's `database`, it shares that one instead, and leaves it to its owner to remove.
 */
export async function startTestServer(
  kind: DatabaseConfig['kind'],
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  const database = overrides.database ? sharedDatabase(overrides.database) : await scratchDatabase(kind);
  const config: AppConfig = {
    siteName: 'RoboForge',
    auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: DEFAULT_RATE_LIMITS },
    redisUrl: null,
    redisKeyPrefix: `roboforge-test-${randomBytes(4).toString('hex')}:`,
    webRoot: null,
    logLevel: 'silent',
    trustProxy: false,
    // argon2 at the test cost: a test's accounts cost a millisecond each, not 33 (auth/passwords.ts).
    passwordHashCost: 'test',
    ...overrides,
    database: database.config,
  };
  const app = await buildApp(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: address,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
}

interface TestDatabase {
  readonly config: DatabaseConfig;
  drop(): Promise<void>;
}

function sharedDatabase(config: DatabaseConfig): TestDatabase {
  return { config, drop: async () => undefined };
}

/** fetch against the test server, returning status, headers and parsed JSON (or text). */
export async function request(
  server: Pick<TestServer, 'baseUrl'>,
  urlPath: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(new URL(urlPath, server.baseUrl), {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body, text };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
