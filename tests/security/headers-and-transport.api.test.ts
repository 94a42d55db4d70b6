import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { writeFixtureWebBuild } from '#test/fixture-web-build.ts';
import { forgeTokens } from '#test/forged-tokens.ts';
import { type RawRequest, type RawResponse, sendRaw } from '#test/raw-request.ts';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { fuzzSeed, runCount, timeLimitMs } from '#test/soak.ts';
import { bearer, request } from '#test/test-server.ts';
import { hostileText, junkQuery, percentEncode } from './hostile-values.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

/** The value of one CSP directive, with the fallback to `default-src` that browsers apply. */
function effectiveDirective(csp: string, name: string): string | undefined {
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([directive = '', ...values]) => [directive.toLowerCase(), values.join(' ')]),
  );
  const fetchDirective = name.endsWith('-src');
  return directives.get(name) ?? (fetchDirective ? directives.get('default-src') : undefined);
}

/** The headers every answer carries, whatever it is: page, file, API, error or stream. */
function securityHeaderProblems(answer: RawResponse): string[] {
  const header = (name: string) => String(answer.headers[name] ?? '');
  const csp = header('content-security-policy');
  const problems: string[] = [];
  if (header('x-content-type-options') !== 'nosniff') problems.push('x-content-type-options is not nosniff');
  if (!/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(header('referrer-policy'))) {
    problems.push(`referrer-policy "${header('referrer-policy')}" may leak URLs to other sites`);
  }
  if (header('x-frame-options') !== 'DENY') problems.push('x-frame-options is not DENY');
  if (header('cross-origin-opener-policy') !== 'same-origin')
    problems.push('cross-origin-opener-policy is not same-origin');
  if (effectiveDirective(csp, 'frame-ancestors') !== "'none'")
    problems.push(`CSP frame-ancestors is not 'none': ${csp}`);
  if (effectiveDirective(csp, 'object-src') !== "'none'") problems.push(`CSP object-src is not 'none': ${csp}`);
  if (header('content-type').startsWith('text/html')) {
    const scripts = effectiveDirective(csp, 'script-src') ?? '';
    if (/'unsafe-inline'|'unsafe-eval'|\*|data:/.test(scripts))
      problems.push(`a page allows loose scripts: ${scripts}`);
  }
  return problems;
}

const build = writeFixtureWebBuild();
afterAll(() => build.remove());
const test = serverTest('sqlite', { webRoot: build.webRoot });
const behindProxyTest = serverTest('sqlite', { webRoot: build.webRoot, trustProxy: true });
// One sign-up per window, so the second answer is a 429.
const limitedTest = serverTest('sqlite', {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: { ...DEFAULT_RATE_LIMITS, signupPerAddress: { max: 1, windowMs: 60_000 } },
  },
});

describe('security headers on every kind of answer', () => {
  const signUpBody = { method: 'POST', path: '/api/auth/signup', headers: { 'content-type': 'application/json' } };
  const KINDS: [kind: string, request: RawRequest, status: number][] = [
    ['prerendered page', { method: 'GET', path: '/' }, 200],
    ['prerendered page, compressed', { method: 'GET', path: '/about', headers: { 'accept-encoding': 'gzip' } }, 200],
    ['page, HEAD', { method: 'HEAD', path: '/' }, 200],
    ['hashed asset', { method: 'GET', path: '/assets/app-abc123.js' }, 200],
    [
      'precompressed asset',
      { method: 'GET', path: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } },
      200,
    ],
    ['stylesheet', { method: 'GET', path: '/assets/style-def456.css' }, 200],
    ['image', { method: 'GET', path: '/favicon.svg' }, 200],
    ['404 page', { method: 'GET', path: '/no-such-page' }, 404],
    ['API answer', { method: 'GET', path: '/api/health' }, 200],
    ['API list', { method: 'GET', path: '/api/profiles' }, 200],
    ['API validation error', { method: 'GET', path: '/api/profiles/not-a-uuid' }, 400],
    ['API auth error', { method: 'GET', path: '/api/bookmarks' }, 401],
    ['API 404', { method: 'GET', path: '/api/no-such-thing' }, 404],
    ['API wrong method', { method: 'PUT', path: '/api/health' }, 404],
    ['malformed JSON', { ...signUpBody, body: '{"email":' }, 400],
    ['wrong content type', { ...signUpBody, headers: { 'content-type': 'text/plain' }, body: 'hello' }, 415],
    ['body too large', { ...signUpBody, body: JSON.stringify({ email: 'x'.repeat(20_000) }) }, 413],
    ['bad percent-encoding in the path', { method: 'GET', path: '/api/profiles/%E0%A4%A' }, 400],
    ['bad percent-encoding outside the API', { method: 'GET', path: '/%zz' }, 400],
    // (A GET would fall through to the static files' wildcard and answer 404.)
    ['over-long path parameter', { method: 'PATCH', path: `/api/profiles/${'a'.repeat(200)}` }, 414],
    [
      'headers over the parser limit',
      { method: 'GET', path: '/api/health', headers: { 'x-big': 'x'.repeat(20_000) } },
      431,
    ],
    ['URL over the parser limit', { method: 'GET', path: `/${'a'.repeat(20_000)}` }, 431],
    ['live stream', { method: 'GET', path: '/api/realtime/profiles' }, 200],
    ['live stream, HEAD', { method: 'HEAD', path: '/api/realtime/profiles' }, 200],
  ];

  test.for(KINDS)('%s', async ([_kind, raw, status], { server }) => {
    const answer = await sendRaw(server.baseUrl, raw);
    expect(answer.status).toBe(status);
    expect(securityHeaderProblems(answer)).toEqual([]);
    // Errors from the router and from Node's parser keep the API's error shape too.
    if (status >= 400 && raw.method !== 'HEAD' && !String(answer.headers['content-type']).startsWith('text/html')) {
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
  });

  test(
    'whatever is asked, the answer carries them',
    async ({ server }) => {
      const anyRequest = fc
        .tuple(
          fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          fc.constantFrom('/', '/about/', '/assets/', '/api/', '/api/profiles/', '/api/bookmarks/', '/api/auth/'),
          fc.oneof(
            hostileText.map(percentEncode),
            fc.constantFrom('%', '%zz', '..%2f', 'a'.repeat(300), 'index.html', 'app-abc123.js', 'health'),
          ),
          junkQuery,
          fc.constantFrom('application/json', 'text/plain', 'text/html', null),
        )
        .map(([method, prefix, rest, query, contentType]): RawRequest => {
          const path = `${prefix}${rest}${query}`;
          if (method === 'GET' || method === 'HEAD' || contentType === null) return { method, path };
          return { method, path, headers: { 'content-type': contentType }, body: '{"x":1}' };
        });
      await fc.assert(
        fc.asyncProperty(anyRequest, async (raw) => {
          const answer = await sendRaw(server.baseUrl, raw);
          expect(answer.status, `${raw.method} ${raw.path}`).toBeLessThan(500);
          expect(securityHeaderProblems(answer), `${raw.method} ${raw.path}`).toEqual([]);
        }),
        { numRuns: runCount(250, 5000), seed: fuzzSeed() },
      );
    },
    timeLimitMs(20_000),
  );

  limitedTest('a rate-limited answer', async ({ server: limited }) => {
    const body = JSON.stringify({ email: 'limited@example.test', password: PASSWORD });
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await sendRaw(limited.baseUrl, { ...signUpBody, body }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 429]);
    for (const answer of answers) expect(securityHeaderProblems(answer)).toEqual([]);
  });

  behindProxyTest(
    'HSTS only when the request came over HTTPS (through a trusted proxy)',
    async ({ server: behindProxy }) => {
      const overHttps = await sendRaw(behindProxy.baseUrl, {
        method: 'GET',
        path: '/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const hsts = String(overHttps.headers['strict-transport-security'] ?? '');
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      const plain = await sendRaw(behindProxy.baseUrl, { method: 'GET', path: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    },
  );

  test('the header check catches a missing or weak header', () => {
    const weak: RawResponse = {
      status: 200,
      headers: {
        'content-type': 'text/html',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'unsafe-url',
        'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
      },
      body: Buffer.alloc(0),
      text: '',
      streamed: false,
    };
    expect(securityHeaderProblems(weak)).toHaveLength(6);
    expect(effectiveDirective("default-src 'none'; style-src 'unsafe-inline'", 'object-src')).toBe("'none'");
  });
});

// The most verbose level, so anything that could be logged is.
describeEachDatabase('what leaves the server', { logLevel: 'trace' }, (test) => {
  test('the log never holds a password, a token or a cookie', async ({ server, logs }) => {
    const secrets: string[] = [PASSWORD, 'wrong-password-9f3a', 'cookie-secret-77c1'];
    const member = await signUpAndSignIn(server);
    const other = await signUpAndSignIn(server);
    secrets.push(member.access_token, member.refresh_token, other.access_token, other.refresh_token);
    const headers = { ...bearer(member.access_token), cookie: 'session=cookie-secret-77c1' };

    await request(server, '/api/auth/user', { headers });
    await request(server, `/api/profiles/${member.user.id}`, { method: 'PATCH', headers, json: { bio: 'Hello' } });
    await request(server, '/api/bookmarks', { method: 'POST', headers, json: { project_id: 3 } });
    await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      json: { email: member.user.email, password: 'wrong-password-9f3a' },
    });
    const refreshed = await request(server, '/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      json: { refresh_token: member.refresh_token },
    });
    const rotated = sessionSchema.parse(refreshed.body);
    secrets.push(rotated.access_token, rotated.refresh_token);
    const forged = await forgeTokens(server, member, other);
    secrets.push(forged.tampered, forged.foreignKey);
    await request(server, '/api/auth/user', { headers: bearer(forged.tampered) });
    await request(server, '/api/bookmarks', { headers: bearer(forged.foreignKey) });
    await request(server, '/api/auth/logout', { method: 'POST', headers: bearer(rotated.access_token) });
    await request(server, '/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      json: { refresh_token: rotated.refresh_token },
    });

    // The requests were logged (so the check below looked at something), and nothing secret with them.
    expect(logs.text).toContain('incoming request');
    expect(logs.lineCount).toBeGreaterThan(20);
    const leaked = secrets.filter((secret) => logs.text.includes(secret));
    expect(leaked).toEqual([]);
  });

  test('a 500 says nothing about why; the log does (and still holds no token)', async ({ server, logs }) => {
    const member = await signUpAndSignIn(server);
    const linesBefore = logs.lineCount;
    // Pull the database out from under the running server.
    await server.app.database.close();

    const headers = bearer(member.access_token);
    const failing: [string, RequestInit & { json?: unknown }][] = [
      ['/api/profiles', {}],
      [`/api/profiles/${member.user.id}`, {}],
      ['/api/bookmarks', { headers }],
      ['/api/bookmarks', { method: 'POST', headers, json: { project_id: 2 } }],
      ['/api/auth/user', { headers }],
      [`/api/profiles/${member.user.id}`, { method: 'PATCH', headers, json: { username: 'Nobody' } }],
      ['/api/auth/signup', { method: 'POST', json: { email: 'late@example.test', password: PASSWORD } }],
      [
        '/api/auth/token?grant_type=password',
        { method: 'POST', json: { email: member.user.email, password: PASSWORD } },
      ],
      ['/api/auth/token?grant_type=refresh_token', { method: 'POST', json: { refresh_token: member.refresh_token } }],
    ];
    for (const [path, init] of failing) {
      const answer = await request(server, path, init);
      const where = `${init.method ?? 'GET'} ${path}`;
      expect(answer.status, where).toBe(500);
      expect(answer.headers.get('content-type'), where).toMatch(/^application\/json/);
      expect(answer.body, where).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      });
      // Belt and braces, should the message ever change: no exception, path, stack frame or SQL.
      expect(answer.text, where).not.toMatch(/Error\b|Error:/);
      expect(answer.text, where).not.toMatch(/[/\\]|\bat\b|\.ts\b|\b(select|insert|update|from|where)\b/i);
      expect(answer.text, where).not.toMatch(/sqlite|postgres|kysely|pool|database/i);
      expect(answer.headers.get('x-content-type-options'), where).toBe('nosniff');
    }

    // The detail went to the operator's log instead, with its stack.
    const errorLog = logs.text
      .split('\n')
      .slice(linesBefore)
      .filter((line) => line.includes('"level":50'));
    expect(errorLog.length).toBeGreaterThanOrEqual(failing.length);
    expect(errorLog.join('\n')).toMatch(/"stack":/);
    for (const secret of [member.access_token, member.refresh_token, PASSWORD]) {
      expect(logs.text.includes(secret)).toBe(false);
    }
  });
});
