import type { App } from '../../http/types.js';
import type { ContentPageRouteOptions } from './content-downloads.shared.js';
import { contentCardRoutes } from './content-cards.routes.js';
import { contentFileRoutes } from './content-file.routes.js';
import { contentLogoRoutes } from './content-logo.routes.js';

/**
 * The downloads a content page links to: a vCard page's `.vcf` and a PDF page's file. They answer
 * exactly when the page itself would (live, same host scope) and record no scan: the page view
 * that led here was the scan.
 */
export default async function contentPageRoutes(app: App, opts: ContentPageRouteOptions) {
  contentCardRoutes(app, opts);
  contentFileRoutes(app, opts);
  contentLogoRoutes(app, opts);
}
