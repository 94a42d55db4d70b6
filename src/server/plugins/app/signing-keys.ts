import fp from 'fastify-plugin';
import { SigningKeyStore } from '../../auth/signing-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signingKeys: SigningKeyStore;
  }
}

/** The ES256 keys of access tokens: generated once and shared through the database, or configured. */
export const signingKeysPlugin = fp(
  async (app) => {
    app.decorate('signingKeys', await SigningKeyStore.open(app.repos.signingKeys, app.config.auth.signingKey));
  },
  { name: 'signing-keys', dependencies: ['config', 'database'] },
);
