import { Counter, Gauge, type Registry } from 'prom-client';
import type { SinkStats } from './scan-sink.js';

/**
 * The scan pipeline's series on the instance's registry (GET /metrics). The counts are read from
 * the sink when scraped, so a redirect pays nothing for them.
 */
export function registerScanMetrics(registry: Registry, stats: () => SinkStats): void {
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  counter(
    'qrs_scans_received_total',
    'Scans the redirect recorded since this instance started.',
    () => stats().received,
  );
  counter(
    'qrs_scans_written_total',
    'Scans committed to the database since this instance started.',
    () => stats().written,
  );
  counter(
    'qrs_scans_dropped_total',
    'Scans dropped because the pending queue was full (only without a scan journal).',
    () => stats().dropped,
  );
  gauge('qrs_scans_pending', 'Scans recorded and not yet written (memory and journal).', () => stats().pending);
  gauge('qrs_scans_lag_seconds', 'Age of the oldest scan not yet written, in seconds.', () => stats().lagMs / 1000);
  gauge('qrs_scan_journal_bytes', 'Bytes of the scan journal on disk.', () => stats().journalBytes);
}
