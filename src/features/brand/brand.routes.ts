import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { logosRoutes } from './logos.routes.js';
import { brandKitsRoutes } from './brand-kits.routes.js';

async function brandRoutes(app: App) {
  logosRoutes(app, app.images);
  brandKitsRoutes(app);
}

export default featurePlugin('brand-routes', ['images'], brandRoutes);
