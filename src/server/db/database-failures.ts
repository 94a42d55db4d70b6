import { z } from 'zod';

/** SQLite's primary result codes for a database that is failing, not a query that is wrong. */
const SQLITE_FAILING = new Map([
  [8, 'read-only'], // SQLITE_READONLY
  [10, 'input/output error'], // SQLITE_IOERR
  [11, 'damaged'], // SQLITE_CORRUPT
  [13, 'full'], // SQLITE_FULL
  [14, 'cannot open a file'], // SQLITE_CANTOPEN
  [26, 'not a database'], // SQLITE_NOTADB
]);

/** PostgreSQL SQLSTATE classes (and codes) of the same kind: resources, I/O, corruption, connection. */
const POSTGRES_FAILING_CLASSES = ['08', '53', '57', '58', 'XX'];
const POSTGRES_FAILING_CODES = ['25006']; // read_only_sql_transaction

/** Network errors on the way to PostgreSQL. */
const NETWORK_FAILING = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'];

const driverErrorSchema = z.looseObject({
  message: z.string(),
  code: z.string().optional(),
  errcode: z.number().optional(),
});

/**
 * Whether `error` says the database itself is failing (full disk, I/O errors, damaged pages, a lost
 * connection) rather than that one query was refused (a unique key, a check): its reason, or null.
 */
export function databaseFailure(error: unknown): string | null {
  const parsed = driverErrorSchema.safeParse(error);
  if (!parsed.success) return null;
  const { code, errcode, message } = parsed.data;
  if (code === 'ERR_SQLITE_ERROR' && errcode !== undefined) {
    return SQLITE_FAILING.has(errcode & 0xff) ? message : null;
  }
  if (code === undefined) return null;
  if (NETWORK_FAILING.includes(code)) return message;
  const sqlState = /^[0-9A-Z]{5}$/.test(code);
  if (sqlState && (POSTGRES_FAILING_CODES.includes(code) || POSTGRES_FAILING_CLASSES.includes(code.slice(0, 2)))) {
    return message;
  }
  return null;
}

/**
 * A lost or refused connection (the server stopped, restarting, or unreachable): the database is
 * unavailable only while it lasts, which health's own read sees, so it is not remembered.
 */
const CONNECTION_LOSS_CODES = ['57P01', '57P02', '57P03'];

function isConnectionLoss(error: unknown): boolean {
  const code = driverErrorSchema.safeParse(error).data?.code;
  if (code === undefined) return false;
  return NETWORK_FAILING.includes(code) || code.startsWith('08') || CONNECTION_LOSS_CODES.includes(code);
}

/** How long a failure keeps the database reported as degraded after it happened. */
export const FAILURE_MEMORY_MS = 60_000;

/**
 * The database failures this process has seen (every query passes through Kysely's log), so that
 * health can say the database is degraded while it is refusing writes, as the requests see it.
 */
export class DatabaseFailures {
  #last: { readonly at: number; readonly reason: string } | null = null;

  /** Notes `error` if it is a failure of the database itself (not a lost connection). */
  observe(error: unknown, now = Date.now()): void {
    if (isConnectionLoss(error)) return;
    const reason = databaseFailure(error);
    if (reason !== null) this.#last = { at: now, reason };
  }

  /** The latest failure within `FAILURE_MEMORY_MS`, or null. */
  recent(now = Date.now()): { readonly at: Date; readonly reason: string } | null {
    const last = this.#last;
    if (!last || now - last.at > FAILURE_MEMORY_MS) return null;
    return { at: new Date(last.at), reason: last.reason };
  }
}
