import fp from 'fastify-plugin';

/** D2: every response, errors included, carries X-Request-Id; ids are always minted by us. */
export const requestIdPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}, { name: 'request-id' });
