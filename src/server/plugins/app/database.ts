import fp from 'fastify-plugin';
import { type Database, migrateToLatest, openDatabase } from '../../db/database.ts';
import { createRepositories, type Repositories } from '../../db/repositories.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The one way routes and plugins touch data. */
    repos: Repositories;
  }
}

/** Opens the database, brings its schema up to date, and offers the repositories over it. */
export const databasePlugin = fp(
  async (app) => {
    const database = await openDatabase(app.config.database);
    try {
      await migrateToLatest(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    app.decorate('database', database);
    app.decorate('repos', createRepositories(database));
    app.addHook('onClose', async () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
