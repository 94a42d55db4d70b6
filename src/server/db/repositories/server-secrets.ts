import { randomBytes } from 'node:crypto';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

export type ServerSecretName = 'refresh-successor';

/** Secrets every instance shares through the database, each generated once by whichever needs it first. */
export function serverSecretsRepository({ db }: Database) {
  return {
    /** The named secret as bytes, created now if no instance has created it yet. */
    async obtain(name: ServerSecretName, now = new Date(), trx: Executor = db): Promise<Buffer> {
      // Two instances may race here: the first insert wins, and both read the winner's secret.
      await trx
        .insertInto('server_secrets')
        .values({ name, secret: randomBytes(32).toString('base64url'), created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await trx
        .selectFrom('server_secrets')
        .select('secret')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'base64url');
    },
  };
}
