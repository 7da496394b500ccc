/**
 * `attempt` run until it succeeds, at most `attempts` times, `pauseMs` apart; the last failure is
 * thrown. For work a dropped connection fails once: the pool discards it and the next try gets a new one.
 */
export async function retried<T>(attempt: () => Promise<T>, attempts: number, pauseMs = 0): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= attempts) throw err;
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
