import type { App } from '../../http/types.js';
import { codeCreateRoutes } from './code-create.routes.js';
import { codeReadRoutes } from './code-read.routes.js';
import { codeEditRoutes } from './code-edit.routes.js';
import { codeReviewRoutes } from './code-review.routes.js';
import { codeAliasesRoutes } from './code-aliases.routes.js';

export default async function codesRoutes(app: App) {
  codeCreateRoutes(app);
  codeReadRoutes(app);
  codeEditRoutes(app);
  codeReviewRoutes(app);
  codeAliasesRoutes(app);
}
