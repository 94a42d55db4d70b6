import { readFileSync } from 'node:fs';

/**
 * This process's soft limit on open files (every connection is one), or null where the system does
 * not say (only Linux's /proc is read). Node raises the soft limit to the hard one as it starts.
 */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | null {
  let text: string;
  try {
    text = readFileSync(limitsFile, 'utf8');
  } catch {
    return null;
  }
  const soft = /^Max open files\s+(\d+|unlimited)\s/m.exec(text)?.[1];
  if (soft === undefined || soft === 'unlimited') return null;
  return Number(soft);
}

/**
 * How many live streams fit under `openFiles` while leaving room for everything else: the database,
 * other requests, health checks. A quarter of the limit, and at least 128, stays free.
 */
export function streamsWithinOpenFiles(openFiles: number): number {
  return Math.max(0, openFiles - Math.max(128, Math.floor(openFiles / 4)));
}
