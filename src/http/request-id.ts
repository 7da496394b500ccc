import fp from 'fastify-plugin';

/** docs/decisions.md D2: every response, errors included, carries X-Request-Id; ids are always minted by us. */
export const requestIdPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: it runs on every request, the redirect hot path included.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
