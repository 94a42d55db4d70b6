import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DatabaseFailures, databaseFailure, FAILURE_MEMORY_MS } from './database-failures.ts';

/** The error node:sqlite throws for `statement` after `setup`. */
function sqliteError(setup: string, statement: string): unknown {
  const sqlite = new DatabaseSync(':memory:');
  try {
    sqlite.exec(setup);
    sqlite.exec(statement);
  } catch (error) {
    return error;
  } finally {
    sqlite.close();
  }
  throw new Error('the statement did not fail');
}

describe('what counts as the database failing', () => {
  it('on SQLite: a full database does, a unique key, a check or a syntax error does not', () => {
    const full = sqliteError(
      'create table t (x text); pragma max_page_count = 2;',
      `insert into t select hex(randomblob(2000)) from (select 1 union all select 2 union all select 3)`,
    );
    expect(databaseFailure(full)).toMatch(/full/);
    expect(
      databaseFailure(sqliteError('create table t (x unique); insert into t values (1);', 'insert into t values (1)')),
    ).toBeNull();
    expect(databaseFailure(sqliteError('create table t (x check (x > 0));', 'insert into t values (0)'))).toBeNull();
    expect(databaseFailure(sqliteError('', 'selec 1'))).toBeNull();
  });

  it('on PostgreSQL: disk full, damaged data, a read-only server and lost connections do; constraints do not', () => {
    const pg = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
    for (const code of ['53100', 'XX001', '58030', '25006', '57P01', '08006', 'ECONNREFUSED']) {
      expect(databaseFailure(pg(code)), code).toBe(`pg ${code}`);
    }
    for (const code of ['23505', '23514', '22P02', '42601', '40001'])
      expect(databaseFailure(pg(code)), code).toBeNull();
    expect(databaseFailure('not an error')).toBeNull();
  });

  it('are remembered for a minute', () => {
    const failures = new DatabaseFailures();
    failures.observe(Object.assign(new Error('disk full'), { code: '53100' }), 1000);
    failures.observe(Object.assign(new Error('duplicate'), { code: '23505' }), 2000);
    expect(failures.recent(1000 + FAILURE_MEMORY_MS)).toMatchObject({ reason: 'disk full' });
    expect(failures.recent(1001 + FAILURE_MEMORY_MS)).toBeNull();
  });

  it('but a lost connection is not: once the database answers again it is well', () => {
    const failures = new DatabaseFailures();
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '08006', '57P01', '57P03']) {
      failures.observe(Object.assign(new Error(`lost ${code}`), { code }), 1000);
    }
    expect(failures.recent(1001)).toBeNull();
  });
});
