import fp from 'fastify-plugin';
import type { AppConfig } from '../../env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** The parsed configuration (env.ts), for every plugin and route that needs a setting. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
