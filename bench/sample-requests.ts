/** What a visitor meanwhile gets: requests sampled from another client while a benchmark loads the server. */
import http from 'node:http';

export interface Sample {
  readonly path: string;
  readonly ms: number;
  readonly status: number;
}

/** GETs `paths` in turn, one every `everyMs`, on a connection pool of its own (another client), until stopped. */
export function sampleRequests(baseUrl: string, paths: readonly string[], everyMs: number) {
  const agent = new http.Agent({ keepAlive: true });
  const latencies: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let turn = 0;
  const get = (route: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(`${baseUrl}${route}`, { agent }, (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push({ path: route, ms: performance.now() - started, status: response.statusCode ?? 0 });
            resolve();
          });
        })
        .on('error', () => {
          latencies.push({ path: route, ms: performance.now() - started, status: 0 });
          resolve();
        });
    });
  const timer = setInterval(() => {
    const route = paths[turn++ % paths.length] ?? '/';
    const request = get(route).finally(() => pending.delete(request));
    pending.add(request);
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    agent.destroy();
    return latencies;
  };
}
