/** Unique-constraint violations, as SQLite and PostgreSQL report them. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return code === '23505' || /UNIQUE constraint failed/i.test(error.message);
}
