import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompileRefusal, CompileService } from './compile-service.ts';
import type { SketchCompiler } from './compiler.ts';

/*
 * When the service asks again whether it can compile. The compiler here is a stand-in that only
 * answers `problem()` (the real one, in its sandbox, is tested over HTTP in compile.api.test.ts and
 * compile-hardening.api.test.ts); the point is the service's own policy.
 */

const silent = { error: () => {}, warn: () => {} } as unknown as ConstructorParameters<typeof CompileService>[0]['log'];

function serviceWith(problems: (string | null)[]) {
  const asked = { count: 0 };
  const compiler = {
    sandbox: 'bubblewrap',
    problem: async () => {
      asked.count++;
      return problems.shift() ?? null;
    },
    close: async () => {},
  } as unknown as SketchCompiler;
  const service = new CompileService({
    compiler,
    cache: {} as ConstructorParameters<typeof CompileService>[0]['cache'],
    perAccount: new RateLimiterMemory({ points: 100, duration: 60 }),
    queue: { concurrency: 1, maxWaiting: 1, maxWaitingPerAccount: 1, sliceMs: 1_000, maxPaused: 1 },
    log: silent,
  });
  return { service, asked };
}

describe('CompileService, when it checks itself', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks once while it can compile', async () => {
    const { service, asked } = serviceWith([null]);
    expect(await service.problem()).toBe(null);
    expect(await service.problem()).toBe(null);
    expect(asked.count).toBe(1);
  });

  it('checks again a minute after a problem, so a toolchain installed meanwhile is found', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { service, asked } = serviceWith(['The Arduino compiler is not installed on this server.', null]);
    await expect(service.compile('learner', 'uno', 'void setup() {}\nvoid loop() {}\n')).rejects.toEqual(
      new CompileRefusal('unavailable', 'The Arduino compiler is not installed on this server.', 3600),
    );
    expect(await service.problem()).toMatch(/not installed/);
    expect(asked.count).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await service.problem()).toBe(null);
    expect(asked.count).toBe(2);
  });
});
