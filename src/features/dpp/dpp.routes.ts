import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { passportsRoutes } from './passports.routes.js';
import { passportLifecycleRoutes } from './passport-lifecycle.routes.js';
import { passportQrRoutes } from './passport-qr.routes.js';

/** The /v1/dpp API, a file per resource, in the reference's order. */
async function dppRoutes(app: App) {
  passportsRoutes(app);
  passportLifecycleRoutes(app);
  passportQrRoutes(app, app.images);
}

export default featurePlugin('dpp-routes', ['images'], dppRoutes);
