import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';

// Slots of a journal directory (docs/decisions.md D67): every process that journals claims a
// `slot-<n>` sub-directory of its own, so instances started from one working directory each keep
// a journal without configuration, and a live one drains the slots of processes that died.

/** Slots a journal directory may hold; past this many live processes, an instance runs without one. */
export const MAX_SLOTS = 256;
/** A lock of another host is taken as dead when its heartbeat (the lock file's mtime) is older than this. */
export const STALE_LOCK_MS = 30_000;

const HOST = hostname();
const SLOT = /^slot-(\d+)$/;

export const slotPath = (dir: string, n: number) => join(dir, `slot-${n}`);

/** The directories that may hold another process's journal: the slots, and the directory itself (the layout before slots). */
export function otherSlots(dir: string, mine: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const slots = names.filter((f) => SLOT.test(f)).map((f) => join(dir, f));
  return [dir, ...slots].filter((d) => d !== mine);
}

/**
 * Takes `dir`'s lock: free, or left by a process that is gone. Its content is `<pid> <host>`; a
 * holder on this host is alive while its pid is, one on another host (a shared volume) while it
 * touches the file (heartbeat) at least every STALE_LOCK_MS.
 */
export function lock(dir: string): boolean {
  const file = join(dir, 'lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid} ${HOST}`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      const holder = readHolder(file);
      if (holder === null) continue; // released meanwhile
      if (holder.live) return false;
      // Of two processes taking over one dead lock, only one can move it (rename is atomic).
      const stale = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, stale);
      } catch {
        return false;
      }
      const moved = readHolder(stale);
      if (moved && moved.text !== holder.text && moved.live) {
        // Another taker had already replaced the dead lock with its own: give it back.
        try {
          linkSync(stale, file);
        } catch {
          // Its holder re-takes the slot at its next heartbeat check; nothing is written meanwhile.
        }
        rmSync(stale, { force: true });
        return false;
      }
      rmSync(stale, { force: true });
    }
  }
  return false;
}

export function unlock(dir: string): void {
  rmSync(join(dir, 'lock'), { force: true });
}

/** Keeps this process's lock fresh for processes on other hosts that share the directory. */
export function heartbeat(dir: string): void {
  const now = new Date();
  try {
    utimesSync(join(dir, 'lock'), now, now);
  } catch {
    // A removed lock is noticed by nobody but an operator; the journal's files stay valid.
  }
}

function readHolder(file: string): { text: string; live: boolean } | null {
  let text: string;
  let mtime: number;
  try {
    text = readFileSync(file, 'utf8');
    mtime = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const [pidText, host] = text.split(' ');
  const pid = Number(pidText);
  const sameHost = host === undefined || host === HOST;
  const live = sameHost ? pid === process.pid || alive(pid) : Date.now() - mtime < STALE_LOCK_MS;
  return { text, live };
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `dir` holds another database's unwritten scans (never replayed here, left for their own process). */
export function foreign(dir: string, identity: string, hasSegments: boolean): boolean {
  const file = join(dir, 'identity');
  return hasSegments && existsSync(file) && readFileSync(file, 'utf8') !== identity;
}

export function claimIdentity(dir: string, identity: string): void {
  writeFileSync(join(dir, 'identity'), identity, { mode: 0o600 });
}

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
