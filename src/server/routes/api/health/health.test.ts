import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, TEST_DATABASES, type TestServer } from '#test/test-server.ts';

describe.each(TEST_DATABASES)('GET /api/health on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('answers ok after checking the database', async () => {
    const res = await request(server, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const broken = await startTestServer(kind);
    await broken.app.database.close();
    const res = await request(broken, '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'database_unavailable', message: 'The database is not reachable.' } });
    await broken.close().catch(() => undefined);
  });
});
