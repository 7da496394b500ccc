import type { App } from '../../http/types.js';
import dppRoutes from './dpp.routes.js';
import grantsRoutes from './grants.routes.js';
import publicRoutes from './public.routes.js';
import resolverRoutes from './resolver.routes.js';

/** Battery passports: the /v1/dpp API, access grants, the public page and the GS1 resolver. */
export default async function dppFeature(app: App) {
  await dppRoutes(app);
  await grantsRoutes(app);
  await publicRoutes(app);
  await resolverRoutes(app);
}
