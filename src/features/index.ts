import type { App } from '../http/types.js';
import healthRoutes from './health/health.routes.js';
import docsRoutes from './docs/docs.routes.js';
import organizationsRoutes from './organizations/organizations.routes.js';
import scansRuntime from './scans/scans.plugin.js';
import redirectRuntime from './redirect/redirect.plugin.js';
import codesRoutes from './codes/codes.routes.js';
import codeImagesRoutes from './code-images/code-images.routes.js';
import commentsRoutes from './comments/comments.routes.js';
import redirectRoutes from './redirect/redirect.routes.js';
import scansRoutes from './scans/scans.routes.js';
import analyticsRoutes from './analytics/analytics.routes.js';
import scansExportRoutes from './scans/scans-export.routes.js';
import retentionJob from './scans/retention.plugin.js';
import usageRoutes from './usage/usage.routes.js';
import workspacesRoutes from './workspaces/workspaces.routes.js';
import authRoutes from './users/auth.routes.js';
import apiKeysRoutes from './api-keys/api-keys.routes.js';
import auditRoutes from './audit/audit.routes.js';
import membersRoutes from './members/members.routes.js';
import invitationsRoutes from './invitations/invitations.routes.js';
import dppFeature from './dpp/dpp.plugin.js';
import gs1PrefixesRoutes from './gs1-prefixes/gs1-prefixes.routes.js';
import { webAppPlugin } from './web-app/web-app.plugin.js';

/** Feature route plugins in registration order. Each feature adds one line here. */
export const features: Array<(app: App) => Promise<void>> = [
  healthRoutes,
  docsRoutes,
  organizationsRoutes,
  scansRuntime, // before the features that use app.scans
  redirectRuntime, // before the features that use app.redirects
  codesRoutes,
  codeImagesRoutes,
  commentsRoutes,
  redirectRoutes,
  scansRoutes,
  analyticsRoutes,
  scansExportRoutes,
  retentionJob,
  usageRoutes,
  workspacesRoutes,
  authRoutes,
  apiKeysRoutes,
  auditRoutes,
  membersRoutes,
  invitationsRoutes,
  dppFeature,
  gs1PrefixesRoutes,
  webAppPlugin, // last: its fallback serves only what no route above answers
];
