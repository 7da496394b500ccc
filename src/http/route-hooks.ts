import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Runs `hooks` before the route's own hooks of that kind. Called from onRoute, so a route carries
 * only the guards it needs instead of every request paying for global hooks.
 */
export function prependHooks(route: RouteOptions, name: HookName, ...hooks: unknown[]): void {
  if (hooks.length === 0) return;
  (route as Record<HookName, unknown>)[name] = [...hooks, ...[route[name] ?? []].flat()];
}
