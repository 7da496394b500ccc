import type { Clock } from '../../src/lib/clock.js';

/**
 * The suite's one fake clock. `new TestClock(start)` stands still until the test moves it;
 * `TestClock.live(offset)` follows real time shifted by an offset the test moves (for code that
 * also compares against rows written by the real clock, such as sessions seeded in SQL).
 */
export class TestClock implements Clock {
  constructor(
    /** ms since the epoch (fixed clock) or the shift from real time (live clock) */
    public t: number = Date.parse('2026-11-21T10:00:00.000Z'),
    private readonly follows = false,
  ) {}

  static live(offsetMs = 0): TestClock {
    return new TestClock(offsetMs, true);
  }

  /**
   * Fixed, ten years ahead of real time: mail and webhook jobs this clock schedules are never due
   * for a job runner on the real clock, so only the test that owns them runs them.
   */
  static farFuture(): TestClock {
    return new TestClock(Date.now() + 10 * 365 * 86_400_000);
  }

  now = (): Date => new Date(this.follows ? Date.now() + this.t : this.t);

  advance(ms: number): void {
    this.t += ms;
  }
}
