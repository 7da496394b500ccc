// GET /dpp/:gtin/:serial — the page a scan lands on. Only published passports; the public view
// unless the request carries a valid access grant for this very passport.
import type { App } from '../../http/types.js';
import { publicPassportRoutes } from './public-passport.routes.js';
import { publicModelRoutes } from './public-model.routes.js';

/** The public pages, a file each: the battery's, then the GTIN level's. */
export default async function publicRoutes(app: App) {
  publicPassportRoutes(app);
  publicModelRoutes(app);
}
