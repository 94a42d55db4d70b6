import { expect } from 'vitest';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { request, startTestServer } from '#test/test-server.ts';

describeEachDatabase('GET /api/health', (test) => {
  test('answers ok after checking the database', async ({ server }) => {
    const res = await request(server, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('answers 503 with the error shape when the database is gone', async ({ databaseKind }) => {
    const broken = await startTestServer(databaseKind);
    await broken.app.database.close();
    const res = await request(broken, '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'database_unavailable', message: 'The database is not reachable.' } });
    await broken.close().catch(() => undefined);
  });
});
