/**
 * Live-update fan-out: N concurrent SSE clients on loopback while one profile update is written
 * every 100 ms for D seconds. Reports delivery latency (write sent → event received), events lost,
 * and the server's memory and CPU.
 */
import { cpuSeconds, percentile, rssMb } from '#test/measurements.ts';

export interface FanoutResult {
  readonly clients: number;
  readonly updates: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly lost: number;
  readonly duplicates: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  readonly cpuSeconds: number;
  readonly durationSeconds: number;
}

async function session(baseUrl: string) {
  const email = `fanout.${Date.now()}@example.test`;
  const password = 'fan-out-password';
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/signup', { email, password });
  const signIn = (await (await post('/api/auth/token?grant_type=password', { email, password })).json()) as {
    access_token: string;
    user: { id: string };
  };
  return signIn;
}

export async function benchFanout(
  baseUrl: string,
  pid: number | undefined,
  { clients = 2000, durationSeconds = 30, intervalMs = 100 } = {},
): Promise<FanoutResult> {
  const member = await session(baseUrl);
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const received = Array.from({ length: clients }, () => new Set<number>());
  let duplicates = 0;
  const controller = new AbortController();

  const streams = Array.from({ length: clients }, async (_, index) => {
    // Node's fetch keeps no per-origin connection limit, so every client gets its own stream.
    const response = await fetch(`${baseUrl}/api/realtime/profiles`, { signal: controller.signal });
    const decoder = new TextDecoder();
    let carry = '';
    try {
      for await (const chunk of response.body ?? []) {
        const text = carry + decoder.decode(chunk, { stream: true });
        const now = performance.now();
        for (const match of text.matchAll(/"username":"fan_(\d+)"/g)) {
          const seq = Number(match[1]);
          const mine = received[index];
          if (!mine) continue;
          if (mine.has(seq)) duplicates++;
          mine.add(seq);
          const sent = sentAt.get(seq);
          if (sent !== undefined) latencies.push(now - sent);
        }
        carry = text.slice(-64);
      }
    } catch {
      // aborted at the end
    }
  });

  // Let every client connect before measuring.
  await new Promise((resolve) => setTimeout(resolve, Math.max(2000, clients)));
  const rssBeforeMb = await rssMb(pid);
  const cpuBefore = await cpuSeconds(pid);
  let rssPeakMb = rssBeforeMb;
  const updates = Math.floor((durationSeconds * 1000) / intervalMs);
  for (let seq = 0; seq < updates; seq++) {
    const tick = performance.now();
    sentAt.set(seq, tick);
    await fetch(`${baseUrl}/api/profiles/${member.user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.access_token}` },
      body: JSON.stringify({ username: `fan_${seq}` }),
    });
    if (seq % 20 === 0) rssPeakMb = Math.max(rssPeakMb, await rssMb(pid));
    const wait = intervalMs - (performance.now() - tick);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  // Give the last events time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const cpuUsed = (await cpuSeconds(pid)) - cpuBefore;
  controller.abort();
  await Promise.allSettled(streams);

  const lost = received.reduce((sum, set) => sum + (updates - set.size), 0);
  return {
    clients,
    updates,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.reduce((max, value) => Math.max(max, value), 0),
    lost,
    duplicates,
    rssBeforeMb,
    rssPeakMb,
    cpuSeconds: cpuUsed,
    durationSeconds,
  };
}
