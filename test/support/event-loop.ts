// Watching the event loop while a test's work runs: the delay histogram's maximum and, as a timer
// probe, the longest gap between 5 ms ticks. Used by the tests that prove heavy work (label sheets,
// logo uploads and renders) stays off the loop.
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
