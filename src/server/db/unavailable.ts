/**
 * PostgreSQL error classes that mean "the database cannot answer now" rather than "this request
 * is wrong": connection exceptions (08…), an administrator or crash shutdown, a server still
 * starting (57P01–57P03) and too many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What node-postgres says when a connection ends or cannot be made in time (it sets no code). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable|database is locked/i;

/**
 * True when `error` (or an error it wraps) says the database is down, restarting or unreachable:
 * the request may succeed a little later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = 'code' in current ? String(current.code) : '';
    if (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}
