import type { FastifyBaseLogger } from 'fastify';
import type { AfterCommit, ConsumerOutputs } from '../../../platform/scan-consumers.js';

/**
 * The consumers' after-commit hooks, registered by their features at boot with the services they
 * need (mail, notifications), and run on the main thread once a batch committed. A failed hook
 * is logged and never makes the sink write the batch again; a hook whose check reads state as it
 * stands ("a threshold reached") is made good by the next batch, as is one that missed batches
 * written before it was registered (the journal's replay at start).
 */
export class CommitHooks {
  private hooks = new Map<string, AfterCommit>();

  constructor(private log: FastifyBaseLogger) {}

  add<Out>(consumer: string, hook: AfterCommit<Out>): void {
    if (this.hooks.has(consumer)) throw new Error(`an after-commit hook for ${consumer} is registered already`);
    this.hooks.set(consumer, hook as AfterCommit);
  }

  async run(outputs: ConsumerOutputs): Promise<void> {
    for (const [name, hook] of this.hooks) {
      if (!(name in outputs)) continue;
      await hook(outputs[name]).catch((err: unknown) =>
        this.log.warn({ err, consumer: name }, 'after-commit hook of a scan batch failed; the next batch checks again'),
      );
    }
  }
}
