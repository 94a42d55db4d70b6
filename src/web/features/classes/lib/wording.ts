const dayFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Nov 25, 2026", in UTC like the rest of the site. */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
/** "Nov 25, 14:05 UTC". */
export const formatTime = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

/** "ABCD EFGH": a code read aloud in two halves. */
export const spacedCode = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

/** How long someone has waited: "just now", "1 min", "12 min", "1 h 5 min". */
export function waited(sinceIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The share of a tutorial done, as the grid colours it: none, started, halfway, nearly, done. */
export type CellLevel = 'none' | 'started' | 'half' | 'most' | 'done';

export function cellLevel(done: number, total: number): CellLevel {
  if (done <= 0) return 'none';
  if (done >= total) return 'done';
  const share = done / total;
  if (share < 0.34) return 'started';
  return share < 0.67 ? 'half' : 'most';
}
