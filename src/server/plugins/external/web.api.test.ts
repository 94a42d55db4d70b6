import { afterAll, describe, expect } from 'vitest';
import { writeFixtureWebBuild } from '#test/fixture-web-build.ts';
import { serverTest } from '#test/server-fixture.ts';
import { request } from '#test/test-server.ts';

// A small build of the shape `npm run build` leaves, so the serving rules are tested on their own.
const build = writeFixtureWebBuild();
afterAll(() => build.remove());
const test = serverTest('sqlite', { webRoot: build.webRoot });

describe('serving the web app', () => {
  test('serves prerendered pages uncached, with a CSP that allows exactly their inline scripts', async ({ server }) => {
    const res = await request(server, '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>home</title>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const about = await request(server, '/about/');
    expect(about.status).toBe(200);
    expect(about.text).toContain('<title>about</title>');
  });

  test('answers every unknown path outside /api with the app shell and a 404 status', async ({ server }) => {
    for (const url of ['/no-such-page', '/deep/link/here', '/projects?q=solar']) {
      const res = await request(server, url);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers.get('content-security-policy')).toContain("'sha256-def='");
    }
  });

  test("answers a class's page and a class's sign-in page with the app shell and 200: their path holds an id or a code", async ({
    server,
  }) => {
    for (const url of ['/c/KD7RM2XQ', '/c/anything', '/classes/3f2504e0-4f89-41d3-9a0c-0305e82c3301']) {
      const res = await request(server, url);
      expect(res.status, url).toBe(200);
      expect(res.text).toContain('<title>shell</title>');
      expect(res.headers.get('content-security-policy')).toContain("'sha256-def='");
    }
    expect((await request(server, '/c/KD7RM2XQ/more')).status).toBe(404);
  });

  test('answers unknown /api paths with JSON, never the app shell', async ({ server }) => {
    const res = await request(server, '/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Nothing here: GET /api/unknown' } });
  });

  test('caches hashed assets for a year and serves their precompressed copy', async ({ server }) => {
    const res = await request(server, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.text).toContain('console.log("app")');
    const plain = await request(server, '/favicon.svg');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test("serves a tutorial's program as a file to download, its brotli copy to a browser that takes it", async ({
    server,
  }) => {
    const hex = build.servedFiles.get('/sketches/demo-robot.hex');
    for (const encoding of ['identity', 'br']) {
      const res = await request(server, '/sketches/demo-robot.hex', { headers: { 'accept-encoding': encoding } });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-type'), encoding).toBe('application/octet-stream');
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding === 'br' ? 'br' : null);
      expect(res.headers.get('cache-control'), encoding).toBe('public, max-age=3600');
      expect(res.text, encoding).toBe(hex);
    }
  });

  test('does not serve dotfiles or HTML files by their file name', async ({ server }) => {
    const dotfile = await request(server, '/.env');
    for (const secret of build.secretMarkers) expect(dotfile.text).not.toContain(secret);
    const direct = await request(server, '/about/index.html');
    expect(direct.status).toBe(404);
    expect(direct.text).not.toContain('<title>about</title>');
  });

  test('serves the service worker uncached, with a policy that lets it fetch from this site only', async ({
    server,
  }) => {
    for (const encoding of ['identity', 'gzip']) {
      const res = await request(server, '/sw.js', { headers: { 'accept-encoding': encoding } });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-type'), encoding).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers.get('cache-control'), encoding).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), encoding).toBe(
        "default-src 'none'; connect-src 'self'; script-src 'self'; base-uri 'none'",
      );
    }
    const manifest = await request(server, '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  test("serves a page's Web Worker with a policy that lets it load its modules and fetch from this site only", async ({
    server,
  }) => {
    const worker = await request(server, '/assets/simulator.worker-abc123.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers.get('content-security-policy')).toBe(
      "default-src 'none'; connect-src 'self'; script-src 'self'; base-uri 'none'",
    );
    // Other scripts keep the policy of every resource: they run only inside a page.
    const script = await request(server, '/assets/app-abc123.js');
    expect(script.headers.get('content-security-policy')).toBe(
      "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  test('serves the 404 shell at its own path, 200 with its CSP, for the service worker to precache', async ({
    server,
  }) => {
    const res = await request(server, '/__spa-fallback.html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>shell</title>');
    expect(res.headers.get('content-security-policy')).toContain("'sha256-def='");
  });

  test("lets pages register a same-origin service worker and manifest, nobody else's", async ({ server }) => {
    const csp = (await request(server, '/')).headers.get('content-security-policy') ?? '';
    // Workers, manifests, fonts and fetches fall back to default-src: nothing may widen it.
    expect(csp.startsWith("default-src 'self';")).toBe(true);
    for (const directive of ['worker-src', 'child-src', 'manifest-src', 'connect-src', 'font-src']) {
      expect(csp).not.toContain(directive);
    }
  });

  test('sends the security headers on pages, assets, API answers and errors', async ({ server }) => {
    for (const url of ['/', '/favicon.svg', '/api/health', '/api/nope', '/missing']) {
      const res = await request(server, url);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security'), url).toBeNull(); // plain HTTP here
    }
  });
});

// The same build, with the server logging every request as it does in production (level info).
const logged = serverTest('sqlite', { webRoot: build.webRoot, logLevel: 'info' });
const SECRET = 'SuperSecret99';

describe('a credential sent before the app has started', () => {
  logged(
    'a form posted to a page is answered 303 back to that page, and its body is neither read nor logged',
    async ({ server, logs }) => {
      for (const [page, contentType, body] of [
        ['/', 'application/x-www-form-urlencoded', `email=ada%40example.test&password=${SECRET}`],
        [
          '/about',
          'multipart/form-data; boundary=x',
          `--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${SECRET}\r\n--x--\r\n`,
        ],
      ] as const) {
        const res = await request(server, `${page}?next=1`, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
          redirect: 'manual',
        });
        expect(res.status, page).toBe(303);
        expect(res.headers.get('location'), page).toBe(page);
        expect(res.text, page).not.toContain(SECRET);
      }
      // The class sign-in page's secret words, the same way: back to its own path (product D16).
      const words = await request(server, '/c/KD7RM2XQ?x=1', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `learner_id=x&secret=${SECRET}`,
        redirect: 'manual',
      });
      expect(words.status).toBe(303);
      expect(words.headers.get('location')).toBe('/c/KD7RM2XQ');
      expect(words.text).not.toContain(SECRET);
      expect(logs.text).toContain('"method":"POST"');
      expect(logs.text).not.toContain(SECRET);
    },
  );

  logged('an oversized form is refused with 413 and the page is left as it was', async ({ server }) => {
    const res = await request(server, '/about', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${'x'.repeat(64 * 1024)}`,
      redirect: 'manual',
    });
    expect(res.status).toBe(413);
    expect((await request(server, '/about')).status).toBe(200);
  });

  logged('forms are not accepted anywhere else: the API still speaks JSON only', async ({ server }) => {
    const res = await request(server, '/api/auth/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=a%40b.test&password=${SECRET}`,
    });
    expect(res.status).toBe(415);
    expect((await request(server, '/no-such-page', { method: 'POST', body: 'x' })).status).toBe(404);
  });

  logged(
    'the request log keeps the path and the names of secret query parameters, never their values',
    async ({ server, logs }) => {
      const secrets = [
        'password',
        'token',
        'access_token',
        'refresh_token',
        'code',
        'secret',
        'new_password',
        'api_key',
      ];
      const query = secrets.map((name, i) => `${name}=${SECRET}${i}`).join('&');
      for (const route of ['/about', '/api/health', '/no-such-page']) {
        await request(server, `${route}?email=ada%40example.test&${query}&q=solar`);
        expect(logs.text).toContain(`"url":"${route}?email=ada%40example.test&password=[REDACTED]`);
      }
      expect(logs.text).toContain('&q=solar"');
      expect(logs.text).not.toContain(SECRET);
    },
  );
});
