// The GS1 Digital Link resolver: GET /01/{gtin}[/22/…][/10/{lot}]/21/{serial} (or /235/{tpx}) →
// the most specific level that has links (the battery's passport, else the model's at the GTIN
// level), as a 307 to its default link or the requested link type, or as its RFC 9264 linkset;
// compressed Digital Links; /.well-known/gs1resolver. Public and global: keys are looked up
// among published passports of every organization. Rules (RES x.y) are listed in docs/dpp.md.
import type { App } from '../../http/types.js';
import { resolveRoutes } from './resolve.routes.js';
import { resolverPreflightRoutes } from './resolver-preflight.routes.js';
import { resolverDescriptionRoutes } from './resolver-description.routes.js';

/** The resolver's routes, a file each, in the reference's order. Compressed links: compressed-links.ts. */
export default async function resolverRoutes(app: App) {
  resolveRoutes(app);
  resolverPreflightRoutes(app);
  resolverDescriptionRoutes(app);
}
