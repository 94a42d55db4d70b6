import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { closeGracefully } from './shutdown.ts';

/** On SIGTERM, requests in flight get this long to finish before their connections are closed. */
const SHUTDOWN_GRACE_MS = 5000;
/** If closing still hangs this long after the grace (a database that does not answer), exit anyway. */
const SHUTDOWN_DEADLINE_MS = SHUTDOWN_GRACE_MS + 5000;

const env = parseEnv(process.env);
if (!env.ok) {
  console.error(`RoboForge cannot start: ${env.problems.join('; ')}.`);
  process.exit(1);
}
const { config } = env;

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  const cause =
    error instanceof Error && error.cause instanceof Error && !reason.includes(error.cause.message)
      ? ` (${error.cause.message})`
      : '';
  console.error(`RoboForge cannot start: ${reason}${cause}.`);
  process.exit(1);
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(
    `RoboForge cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : error}.`,
  );
  await app.close();
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutting down: closing did not finish; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    closeGracefully(app, SHUTDOWN_GRACE_MS).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
