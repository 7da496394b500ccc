import type { App } from '../../http/types.js';
import dppRoutes from './dpp.routes.js';
import grantsRoutes from './grants.routes.js';
import publicRoutes from './public.routes.js';
import resolverRoutes from './resolver.routes.js';
import modelRoutes from './models.routes.js';
import credentialsRoutes from './credentials.routes.js';
import readingsRoutes from './readings.routes.js';
import previewRoutes from './preview.routes.js';

/** Battery passports: the /v1/dpp API, model passports, access grants, the public pages and the GS1 resolver. */
export default async function dppFeature(app: App) {
  await dppRoutes(app);
  await grantsRoutes(app);
  await readingsRoutes(app);
  await previewRoutes(app);
  await publicRoutes(app);
  await modelRoutes(app);
  await credentialsRoutes(app);
  await resolverRoutes(app);
}
