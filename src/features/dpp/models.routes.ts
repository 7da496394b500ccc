// /v1/dpp-models: model passports, the GTIN level of the resolver (docs/dpp.md, "Model passports").
import type { App } from '../../http/types.js';
import { modelsCrudRoutes } from './models-crud.routes.js';
import { modelLifecycleRoutes } from './model-lifecycle.routes.js';

/** Model passports, a file per operation group, in the reference's order. */
export default async function modelRoutes(app: App) {
  modelsCrudRoutes(app);
  modelLifecycleRoutes(app);
}
