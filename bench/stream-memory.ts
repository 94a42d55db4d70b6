/**
 * `node bench/stream-memory.ts`: the server's memory per open live-feed stream, which sizes the
 * default of MAX_STREAMS (src/server/env.ts). The built server on SQLite, the caps lifted, streams
 * opened 100 at a time from one client; RSS read 3 s after each step, then the peak while 50
 * profile edits (one per 100 ms) reach every stream. Writes its section of bench/RESULTS.md.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { rssMb } from '#test/measurements.ts';
import { freshServerDatabase } from '#test/server-database.ts';
import { ServerProcess } from '#test/server-process.ts';
import { writeResultsSection } from './results-file.ts';

const STEPS = [1000, 2000, 3000, 4000, 5000];
const EDITS = 50;

const database = await freshServerDatabase('sqlite');
const server = new ServerProcess({ ...database.env, MAX_STREAMS_PER_ADDRESS: '100000', MAX_STREAMS: '100000' });
const { baseUrl, pid } = await server.start();
const open: http.ClientRequest[] = [];

function openStream(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/realtime/profiles`, { agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.once('data', () => resolve());
      response.on('data', () => undefined);
    });
    request.on('error', reject);
    open.push(request);
  });
}

async function json(path: string, method: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

try {
  for (let i = 0; i < 20; i++) await fetch(`${baseUrl}/api/health`).then((r) => r.text());
  await sleep(2000);
  const samples: { streams: number; rss: number }[] = [{ streams: 0, rss: await rssMb(pid) }];
  for (const target of STEPS) {
    while (open.length < target) await Promise.all(Array.from({ length: 100 }, openStream));
    await sleep(3000);
    samples.push({ streams: target, rss: await rssMb(pid) });
  }
  await json('/api/auth/signup', 'POST', { email: 'measure@example.test', password: 'measure-password' });
  const session = (await json('/api/auth/token?grant_type=password', 'POST', {
    email: 'measure@example.test',
    password: 'measure-password',
  })) as { access_token: string; user: { id: string } };
  let peak = 0;
  for (let i = 0; i < EDITS; i++) {
    await json(
      `/api/profiles/${session.user.id}`,
      'PATCH',
      { username: `measure_${i}`, bio: 'x'.repeat(500) },
      session.access_token,
    );
    await sleep(100);
    peak = Math.max(peak, await rssMb(pid));
  }
  const last = samples.at(-1) ?? { streams: 0, rss: 0 };
  const first = samples[0] ?? { streams: 0, rss: 0 };
  const perStreamKb = ((last.rss - first.rss) * 1024) / Math.max(1, last.streams);
  const markdown = `## Memory per live stream (\`node bench/stream-memory.ts\`)

Written on ${new Date().toISOString().slice(0, 10)}: the built server on SQLite, caps lifted, streams opened 100 at a time
from one client on loopback, server RSS read 3 s after each step; then ${EDITS} profile edits (one per 100 ms) sent to every stream.

| open streams | server RSS |
| ---: | ---: |
${samples.map((s) => `| ${s.streams.toLocaleString('en')} | ${s.rss.toFixed(0)} MB |`).join('\n')}
| ${last.streams.toLocaleString('en')}, during the edits (peak) | ${peak.toFixed(0)} MB |

About **${perStreamKb.toFixed(0)} KB per idle stream**. \`MAX_STREAMS\` defaults to 5,000 (src/server/env.ts), which keeps the
process under 512 MB with room for requests; the caps count per instance.
`;
  process.stdout.write(`${markdown}\n`);
  writeResultsSection('stream-memory', markdown);
} finally {
  for (const request of open) request.destroy();
  await server.close();
  await database.drop();
}
