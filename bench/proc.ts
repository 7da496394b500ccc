/**
 * CPU time and storage writes read from Linux /proc, shared by the benchmarks that measure them per
 * process, per thread and for the PostgreSQL server's processes.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** The fields of a /proc stat file after the command name; null once the process or thread has ended. */
function statFields(path: string): string[] | null {
  try {
    const s = readFileSync(path, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** user + system clock ticks of a /proc stat file (a process's or a thread's); 0 once it has ended */
export function statTicks(path: string): number {
  const f = statFields(path);
  return f ? Number(f[11]) + Number(f[12]) : 0;
}

/**
 * statTicks plus the ticks of the children it has reaped (cutime + cstime). Summed over the
 * PostgreSQL server's processes this only grows: a backend or autovacuum worker that exits moves
 * its ticks to the postmaster's, where a sum of live processes' own ticks lost them (and read
 * negative CPU a scan when an autovacuum worker ended during a run).
 */
export function statTicksWithChildren(path: string): number {
  const f = statFields(path);
  return f ? Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) : 0;
}

/** Each live thread's ticks, by thread id. */
export function threadTicks(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) out.set(tid, statTicks(`/proc/${pid}/task/${tid}/stat`));
  return out;
}

/** Each live thread's name (`comm`: "node", "V8 DefaultWorke", "libuv-worker", a worker's own name). */
export function threadNames(pid: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(tid, readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** The ticks of a process's live threads together (threads that ended are not counted). */
export function liveThreadTicks(pid: number): number {
  let sum = 0;
  for (const t of threadTicks(pid).values()) sum += t;
  return sum;
}

/**
 * Bytes a process (every thread) sent to storage, from a /proc io file, counted as it dirties
 * pages: for the SQLite server the WAL, the checkpoints' first touch of each database page and
 * the scan journal.
 */
export function writeBytes(path: string): number {
  try {
    return Number(/^write_bytes: (\d+)$/m.exec(readFileSync(path, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** `read` of each `postgres` process's /proc `file`, summed (a shared server: other databases count too). */
export function postgresSum(read: (path: string) => number, file: string): number {
  let n = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('postgres')) n += read(`/proc/${p}/${file}`);
    } catch {
      /* gone */
    }
  }
  return n;
}
