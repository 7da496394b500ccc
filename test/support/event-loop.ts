// Watching the event loop while a test's work runs: the delay histogram's maximum and, as a timer
// probe, the longest gap between 5 ms ticks. Used by the tests that prove heavy work (label sheets,
// logo uploads and renders) stays off the loop.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export async function watchLoop<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let last = performance.now();
  let worstGap = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    worstGap = Math.max(worstGap, now - last);
    last = now;
  }, 5);
  histogram.enable();
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  histogram.disable();
  clearInterval(probe);
  return { result, took, maxDelay: histogram.max / 1e6, worstGap };
}

/**
 * How long this process's main thread has run on a CPU so far (ms), from Linux's scheduler
 * statistics (`/proc/self/task/<pid>/schedstat`: time on a CPU, time runnable but waiting, in ns);
 * null where the file does not exist.
 */
export function mainThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(/\s+/);
    return Number(fields[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * The longest the event loop was held while `work` ran, as our own work: the wall-clock hold the
 * delay histogram saw, but never more than the CPU time the main thread got during the whole call.
 * A block of X ms of our work needs X ms of CPU, so it always shows; what it does not count is the
 * time the thread waited for a core. On the 2-core CI machine the suite runs two test files, their
 * databases and a Chromium side by side, and a call holding 10 ms of its own was seen 83 ms late.
 * `raw` and `cpu` are kept for the log.
 */
export async function loopHeldBy(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the histogram's first sample is not the call's
  histogram.reset();
  const cpuBefore = mainThreadCpuMs();
  await work();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const cpuAfter = mainThreadCpuMs();
  histogram.disable();
  const raw = histogram.max / 1e6;
  const cpu = cpuBefore === null || cpuAfter === null ? Infinity : cpuAfter - cpuBefore;
  return { raw, cpu, own: Math.min(raw, cpu) };
}
