import { readFile } from 'node:fs/promises';

/** The value at percentile `p` (nearest rank), NaN for no values: latencies of a load run. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used, from /proc. */
export async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  return ticks / 100;
}
