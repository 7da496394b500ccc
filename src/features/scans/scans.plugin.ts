import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { BufferedScanSink, type ScanSink } from './scan-sink.js';
import { loadOrCreateSecret } from './scans.repo.js';
import { IpHasher } from './ip-hash.js';
import { pruneVisitorDays, writeScanBatch } from './scan-write.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** where scans go; `flush()` writes everything recorded so far (shutdown uses it too) */
    scans: ScanSink;
  }
}

const DAY = 86_400_000;

/**
 * The scan sink shared by the redirect (which records) and the usage feature (which reads its
 * pending counters). Registered before them; on close it writes every buffered scan before the
 * database goes away.
 */
export default fp(
  async function scansRuntime(app: App) {
    const { db, config, clock } = app.deps;
    const hasher = new IpHasher(await loadOrCreateSecret(db, 'scan_ip_salt', clock.now()));
    let prunedBefore = '';
    const sink = new BufferedScanSink(
      async (scans) => {
        await writeScanBatch(db, hasher, scans);
        // Once a day: visitor sets of days before yesterday are never consulted again.
        const before = new Date(clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10);
        if (before !== prunedBefore) {
          await pruneVisitorDays(db, before);
          prunedBefore = before;
        }
      },
      app.log,
      config.scanFlushMs,
    );
    app.decorate('scans', sink);
    app.addHook('onClose', () => sink.close());
  },
  { name: 'scans-runtime' },
);
