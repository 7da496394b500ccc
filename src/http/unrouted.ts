import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * An onRequest hook that acts only on requests no route matched (`request.is404`), such as the
 * dashboard's fallback page. It is a callback hook, not an async one: every routed request, the
 * redirect hot path included, passes with a plain call instead of a promise and a microtask.
 * `handle` runs as an async hook would: resolving goes on to the next hook, rejecting is an error.
 */
export function onUnrouted(
  handle: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): onRequestHookHandler {
  return (request, reply, done) => {
    if (!request.is404) return done();
    handle(request, reply).then(
      () => done(),
      (err: Error) => done(err),
    );
  };
}
