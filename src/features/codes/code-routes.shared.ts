// What the code routes share: their tag and the service's dependencies.
import type { App } from '../../http/types.js';

export const tags = ['codes'];

/** The codes service's dependencies: the app's, and the redirect caches' invalidation. */
export const codeDeps = (app: App) => ({
  ...app.deps,
  invalidate: (codes: string[]) => app.deps.invalidation.publish(codes),
});
