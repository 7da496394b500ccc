import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import passwordRoute from './password.routes.js';
import contentPageRoutes from './content-page.routes.js';
import { redirectRoute } from './redirect.schema.js';
import { Redirector } from './redirector.js';

/** The short URL and the routes beside it: the password form and a content page's downloads. */
async function redirectRoutes(app: App) {
  const redirector = new Redirector({
    cache: app.redirects,
    domains: app.customDomains,
    sink: app.scans,
    redirectSeconds: app.metrics.redirectSeconds,
    deps: app.deps,
  });
  app.get('/r/:short_code', redirectRoute, (request, reply) => redirector.handle(request, reply));
  const lookup = redirector.lookup.bind(redirector);
  // The password form posts back to the short URL; it shares the lookup and the answer.
  await app.register(passwordRoute, { lookup, answer: redirector.answer.bind(redirector) });
  // The vCard and the file of a content page, answered for the same codes as the page itself.
  await app.register(contentPageRoutes, { lookup });
}

export default featurePlugin('redirect-routes', ['redirects', 'customDomains', 'scans', 'metrics'], redirectRoutes);
