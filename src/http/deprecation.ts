import fp from 'fastify-plugin';

/** docs/decisions.md D10: deprecation is data. A matching route gets Deprecation, Sunset and Link headers. */
export const deprecationPlugin = fp(
  async (app) => {
    const { deprecations, docsUrl } = app.deps.config;
    if (deprecations.length === 0) return;
    const table = new Map(deprecations.map((d) => [`${d.method.toUpperCase()} ${d.path}`, d]));
    // A callback hook, not an async one: once configured it runs on every request, redirects included.
    app.addHook('onRequest', (request, reply, done) => {
      const d = table.get(`${request.method} ${request.routeOptions.url}`);
      if (d) {
        reply.header('deprecation', 'true');
        reply.header('sunset', new Date(d.sunset).toUTCString());
        reply.header('link', `<${d.link ?? `${docsUrl}/api/versioning`}>; rel="deprecation"`);
      }
      done();
    });
  },
  { name: 'deprecation' },
);
