import { describe, expect, it } from 'vitest';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError, apiFileRequest, attachmentName, createApiClient } from './api-client.ts';

describe('attachmentName', () => {
  it.each([
    ['attachment; filename="roboforge-data-2026-11-23.json"', 'roboforge-data-2026-11-23.json'],
    ['attachment; filename=plain.json', 'plain.json'],
    ['attachment', null],
    [null, null],
  ])('reads %s', (header, name) => {
    expect(attachmentName(header)).toBe(name);
  });
});

describe('apiFileRequest', () => {
  it('sends the access token and answers the body with the name the server gives it', async () => {
    let authorization: string | null = null;
    const file = await apiFileRequest('/api/account/export', { accessToken: 'token-1' }, async (_input, init) => {
      authorization = new Headers(init?.headers).get('authorization');
      return new Response('{"a":1}', {
        headers: { 'content-disposition': 'attachment; filename="roboforge-data-2026-11-23.json"' },
      });
    });
    expect(authorization).toBe('Bearer token-1');
    expect(file.filename).toBe('roboforge-data-2026-11-23.json');
    expect(await file.blob.text()).toBe('{"a":1}');
  });

  it("turns the server's error into an ApiRequestError, and no answer into network_error", async () => {
    const refused = await apiFileRequest('/x', {}, async () =>
      Response.json({ error: { code: 'bad_jwt', message: 'Invalid or expired access token.' } }, { status: 401 }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 401, code: 'bad_jwt' });

    const unreachable = await apiFileRequest('/x', {}, async () => {
      throw new TypeError('fetch failed');
    }).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('a keepalive request (a save as the page is left)', () => {
  it('asks the browser to keep it alive only when told to', async () => {
    const inits: RequestInit[] = [];
    const request = createApiClient(async (_input, init) => {
      inits.push(init ?? {});
      return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await request('/api/sketches/x', z.null(), { method: 'PUT', body: { source: 'delay(100);' }, keepalive: true });
    await request('/api/sketches/x', z.null(), { method: 'PUT', body: { source: 'delay(100);' } });
    expect(inits.map((init) => init.keepalive)).toEqual([true, false]);
  });
});
