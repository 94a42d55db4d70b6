import path from 'node:path';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { insertMember } from './fixtures.ts';

/** Fills a fresh SQLite database in `dataDir` with `count` members (username, bio, some with e-mails shown). */
export async function seedMembers(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'roboforge.sqlite') });
  await migrateToLatest(database);
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  await inTransaction(database.db, async (trx) => {
    for (let i = 0; i < count; i++) {
      await insertMember(
        database,
        {
          email: `member${i}@example.test`,
          username: `builder_${i}`,
          bio: `I am building robot number ${i}: sensors, motors and a lot of patience. ${'⚙️ '.repeat(i % 7)}`,
          showEmail: i % 5 === 0,
          createdAt: new Date(start + i * 60_000).toISOString(),
        },
        trx,
      );
    }
  });
  await database.close();
}
