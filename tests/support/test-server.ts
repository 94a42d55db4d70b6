import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { type AppConfig, type DatabaseConfig, DEFAULT_RATE_LIMITS } from '#server/env.ts';

/** The databases API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: readonly DatabaseConfig['kind'][] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh database of the given kind (a temporary SQLite file, or a new PostgreSQL schema that
 * is dropped afterwards) and the real app listening on a free loopback port.
 */
export async function startTestServer(
  kind: DatabaseConfig['kind'],
  overrides: Partial<AppConfig> = {},
): Promise<TestServer> {
  const fresh = await freshDatabase(kind);
  const config: AppConfig = {
    siteName: 'RoboForge',
    auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: DEFAULT_RATE_LIMITS },
    redisUrl: null,
    redisKeyPrefix: `roboforge-test-${randomBytes(4).toString('hex')}:`,
    database: fresh.config,
    webRoot: null,
    logLevel: 'silent',
    trustProxy: false,
    ...overrides,
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
        await fresh.drop();
      }
    },
  };
}

async function freshDatabase(kind: DatabaseConfig['kind']): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-test-'));
    return {
      config: { kind: 'sqlite', file: path.join(dir, 'test.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    config: { kind: 'postgres', url, schema },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** fetch against the test server, returning status, headers and parsed JSON (or text). */
export async function request(
  server: TestServer,
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

export interface TestSession {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly user: { readonly id: string; readonly email: string };
}

let accountCounter = 0;

/** Signs up a new account through the API and signs in: what a real visitor does. */
export async function signUpAndSignIn(
  server: TestServer,
  email = `builder${++accountCounter}-${Date.now()}@example.test`,
  password = 'correct horse battery',
): Promise<TestSession> {
  const signUp = await request(server, '/api/auth/signup', { method: 'POST', json: { email, password } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const signIn = await request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email, password },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  return signIn.body as TestSession;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
