import fp from 'fastify-plugin';
import { CompileService } from '../../compile/compile-service.ts';
import { SketchCompiler } from '../../compile/compiler.ts';
import { DEFAULT_SANDBOX_LIMITS } from '../../compile/sandbox.ts';
import { DEFAULT_COMPILE_CONFIG } from '../../env.ts';
import { windowCounter } from '../../window-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sketchCompiles: CompileService;
  }
}

/**
 * The compile service for learners' sketches (issue 32). Whether this server can compile (the
 * toolchain, the sandbox) is checked in the background from the start, logged once, and answered
 * to each Run: a server without them still serves everything else.
 */
export const compilePlugin = fp(
  async (app) => {
    const { config, redis, repos } = app;
    const settings = config.compile ?? DEFAULT_COMPILE_CONFIG;
    const service = new CompileService({
      compiler: new SketchCompiler({
        sandbox: settings.sandbox,
        compiler: settings.compiler,
        core: settings.core,
        ...(settings.workRoot ? { workRoot: settings.workRoot } : {}),
        limits: {
          ...DEFAULT_SANDBOX_LIMITS,
          wallMs: settings.timeLimitMs,
          cpuSeconds: Math.ceil(settings.timeLimitMs / 1000),
        },
      }),
      cache: repos.compiledSketches,
      perAccount: windowCounter(redis, `${config.redisKeyPrefix}compile:account`, {
        max: settings.perAccountPerMinute,
        windowMs: 60_000,
      }),
      queue: {
        concurrency: settings.concurrency,
        maxWaiting: settings.maxWaiting,
        maxWaitingPerAccount: settings.maxWaitingPerAccount,
        sliceMs: settings.sliceMs,
        maxPaused: settings.maxPaused,
      },
      log: app.log,
    });
    app.decorate('sketchCompiles', service);
    app.addHook('onReady', async () => {
      void service.problem();
    });
    // Before the server waits for its requests to end: a compile paused in the slow lane could keep it waiting.
    app.addHook('preClose', () => service.close());
  },
  { name: 'compile', dependencies: ['config', 'database', 'redis'] },
);
