/**
 * GET /api/profiles with 1,000 members against a bare node:http server answering the same bytes
 * from memory, side by side (autocannon, 50 connections, 10 s each, loopback), alternating.
 */
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { median } from './support.ts';

export interface ApiResult {
  readonly oursRps: number;
  readonly bareRps: number;
  readonly ratio: number;
  readonly oursP99Ms: number;
  readonly bareP99Ms: number;
  readonly oursErrors: number;
  readonly bytes: number;
}

function run(url: string, durationSeconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration: durationSeconds, pipelining: 1 });
}

export async function benchApi(baseUrl: string, { rounds = 3, durationSeconds = 10 } = {}): Promise<ApiResult> {
  const url = `${baseUrl}/api/profiles`;
  const body = Buffer.from(await (await fetch(url)).text());
  const bare = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const address = bare.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

  const ours: autocannon.Result[] = [];
  const bares: autocannon.Result[] = [];
  await run(url, 2); // warm-up
  for (let i = 0; i < rounds; i++) {
    bares.push(await run(bareUrl, durationSeconds));
    ours.push(await run(url, durationSeconds));
  }
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  const oursRps = median(ours.map((r) => r.requests.average));
  const bareRps = median(bares.map((r) => r.requests.average));
  return {
    oursRps,
    bareRps,
    ratio: oursRps / bareRps,
    oursP99Ms: median(ours.map((r) => r.latency.p99)),
    bareP99Ms: median(bares.map((r) => r.latency.p99)),
    oursErrors: ours.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    bytes: body.length,
  };
}
