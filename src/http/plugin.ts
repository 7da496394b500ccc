import fp from 'fastify-plugin';
import type { App } from './types.js';

/**
 * The app's decorators and the named plugin that provides each (docs/decisions.md D68). A plugin
 * that reads one declares its provider as a dependency, so Fastify refuses to boot when the
 * provider is missing or registered later, and test/structure/decorators.test.ts counts the use as
 * a dependency between features for the cycle rule.
 */
export const DECORATOR_PROVIDERS = {
  jobs: 'jobs-runtime',
  metrics: 'metrics-runtime',
  scans: 'scans-runtime',
  redirects: 'redirect-runtime',
  customDomains: 'redirect-runtime',
  images: 'image-workers',
} as const;

export type Decorator = keyof typeof DECORATOR_PROVIDERS;

/** The provider plugin names of the decorators a plugin reads. */
export const providersOf = (uses: readonly Decorator[]): string[] => [
  ...new Set(uses.map((d) => DECORATOR_PROVIDERS[d])),
];

/**
 * A feature's plugin that reads decorators of others: named, its providers declared, and still
 * encapsulated (its routes and hooks stay its own, unlike a plain fastify-plugin).
 */
export function featurePlugin(name: string, uses: readonly Decorator[], plugin: (app: App) => Promise<void>) {
  return fp(plugin as never, { name, dependencies: providersOf(uses), encapsulate: true }) as unknown as (
    app: App,
  ) => Promise<void>;
}
