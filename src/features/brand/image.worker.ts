// An image worker thread (piscina, image-workers.ts): the work on uploaded logos whose cost grows
// with the file, so the event loop that answers requests and redirects does none of it. A task
// that overruns its time or memory budget ends with its thread.
import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import type { FieldError } from '../../http/errors.js';
import { logoPng, rasteriseSvg } from '../../qr/raster.js';
import type { PlacedLogo } from '../../qr/logo.js';
import { checkLogo, loadSanitizer } from './logo-check.js';
import type { LogoType } from './logo-files.js';

export type ImageJob =
  | { op: 'check'; contentType: LogoType; data: Uint8Array }
  | { op: 'logo'; logo: PlacedLogo; px: number }
  | { op: 'svg'; svg: string; widthPx: number };

/** A job and the port on which the thread says it starts: the time budget counts from there. */
export type ImageTask = ImageJob & { started: MessagePort };

export type CheckResult = { data: Uint8Array; width: number; height: number } | FieldError[];

// Buffers arrive as plain Uint8Arrays (structured clone).
const buffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
// A copy of its own: a small Buffer may share its memory with others, and moving hands over all of it.
const own = (b: Buffer) => move(new Uint8Array(b)) as Uint8Array;

export default async function imageTask(task: ImageTask): Promise<CheckResult | Uint8Array> {
  // A thread's start (tsx, resvg) and jsdom's import are the same for every file, so they are not
  // part of a file's budget; the pool's queue bounds how long a task waits for them.
  if (task.op === 'check' && task.contentType === 'image/svg+xml') await loadSanitizer();
  // When, on a clock every thread shares: the caller judges the budget by it (image-workers.ts).
  task.started.postMessage(performance.timeOrigin + performance.now());
  task.started.close();
  switch (task.op) {
    case 'check':
      return checkLogo(task.contentType, buffer(task.data));
    case 'logo':
      return own(logoPng({ ...task.logo, data: buffer(task.logo.data) }, task.px));
    case 'svg':
      return own(rasteriseSvg(task.svg, task.widthPx));
  }
}
