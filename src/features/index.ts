import type { App } from '../http/types.js';
import { healthRoutes } from '../platform/health/health.routes.js';
import metricsRuntime from '../platform/metrics/metrics.plugin.js';
import metricsRoutes from '../platform/metrics/metrics.routes.js';
import docsRoutes, { loadScalarScript } from '../platform/docs/docs.routes.js';
import organizationsRoutes from './organizations/organizations.routes.js';
import jobsRuntime from '../platform/jobs/jobs.plugin.js';
import { scansRuntime } from './scans/ingest/ingest.plugin.js';
import { scanConsumers } from './scan-consumers.js';
import { featurePlugin } from '../http/plugin.js';
import redirectRuntime from './redirect/redirect.plugin.js';
import codesRoutes from './codes/codes.routes.js';
import foldersRoutes from './codes/folders.routes.js';
import { filesRoutes } from './files/index.js';
import codeImagesRoutes from './code-images/code-images.routes.js';
import commentsRoutes from './comments/comments.routes.js';
import redirectRoutes from './redirect/redirect.routes.js';
import scansRoutes from './scans/reads/scans.routes.js';
import analyticsRoutes from './scans/reads/analytics.routes.js';
import scansExportRoutes from './scans/reads/scans-export.routes.js';
import retentionJob from './scans/retention/retention.plugin.js';
import { usageRoutes } from './usage/usage.routes.js';
import workspacesRoutes from './workspaces/workspaces.routes.js';
import authRoutes from './accounts/auth.routes.js';
import accountRoutes from './accounts/account.routes.js';
import apiKeysRoutes from './api-keys/api-keys.routes.js';
import auditRoutes from './audit/audit.routes.js';
import membersRoutes from './members/members.routes.js';
import invitationsRoutes from './invitations/invitations.routes.js';
import { invitationSignup } from './invitations/invitation-signup.js';
import permissionsRoutes from '../platform/permissions/permissions.routes.js';
import dppFeature from './dpp/dpp.plugin.js';
import { compressedLinks } from './dpp/compressed-links.js';
import { warmPassportValidation } from './dpp/dpp.validate.js';
import gs1PrefixesRoutes from './gs1-prefixes/gs1-prefixes.routes.js';
import mailRuntime from '../platform/mail/mail.plugin.js';
import billingRoutes from './billing/billing.routes.js';
import billingWebhookRoutes from './billing/webhook.routes.js';
import billingGraceJob from './billing/grace.plugin.js';
import erasureRoutes from './privacy/erasure.routes.js';
import { webhooksFeature } from './webhooks/index.js';
import exportsRoutes from './privacy/exports.routes.js';
import { announcementsRoutes } from './announcements/index.js';
import { notificationsRoutes } from './notifications/index.js';
import { webAppPlugin } from '../platform/web-app/web-app.plugin.js';
import { brandRoutes, imageWorkersRuntime } from './brand/index.js';
import { operatorRoutes } from './operator/index.js';
import { conversionsRoutes } from './conversions/index.js';
import { ssoRoutes, ssoSignInPolicy } from './sso/index.js';
import { redirectKeysOfOrganization } from './codes/index.js';
import { keysOfUser } from './api-keys/index.js';
import { deleteSessionsOfUsersIn } from './accounts/index.js';
import { activeOrganizationPlan, endSessionsWith } from './organizations/index.js';
import { readOrganizationPlansWith } from './workspaces/index.js';
import { countUsageWith } from './usage/index.js';
import { countActiveDynamicCodes } from './codes/index.js';
import { storedFilesOf } from './files/index.js';
import { storedLogosOf } from './brand/index.js';

// Lookups a lower feature makes of a higher one's tables, handed down once for the process: the
// workspace limit reads the organization's plan, and deleting an organization ends the sessions
// of the members it leaves with none (accounts' table).
readOrganizationPlansWith(activeOrganizationPlan);
endSessionsWith(deleteSessionsOfUsersIn);
// The usage meter counts codes, files and logos, whose features check their quotas through it.
countUsageWith({ activeDynamicCodes: countActiveDynamicCodes, storedFiles: storedFilesOf, storedLogos: storedLogosOf });

/**
 * Feature plugins in registration order. Each feature adds one line here. A plugin that reads a
 * decorator names its provider (src/http/plugin.ts), so Fastify refuses to boot when a provider
 * is missing or comes later (docs/decisions.md D68).
 */
export const features: Array<(app: App) => Promise<void>> = [
  docsRoutes,
  (app) => organizationsRoutes(app, { redirectKeysOf: redirectKeysOfOrganization }), // codes build on organizations: a port
  jobsRuntime,
  mailRuntime,
  metricsRuntime,
  scansRuntime(scanConsumers), // what usage and webhooks write with each batch: src/features/scan-consumers.ts
  featurePlugin('health-routes', ['scans'], (app) => healthRoutes(app.scans)(app)), // platform reads no feature's decorator: a port
  metricsRoutes,
  redirectRuntime,
  imageWorkersRuntime,
  codesRoutes,
  foldersRoutes,
  filesRoutes,
  codeImagesRoutes,
  commentsRoutes,
  redirectRoutes,
  scansRoutes,
  analyticsRoutes,
  conversionsRoutes,
  scansExportRoutes,
  retentionJob,
  featurePlugin('usage-routes', ['scans'], (app) => usageRoutes(app.scans)(app)), // usage sits below scans: a port, not the decorator
  workspacesRoutes,
  // Sign-up from an invitation link is the invitations feature's, and whether a password may sign in
  // the sso feature's (accounts cannot import them: a cycle).
  (app) => authRoutes(app, { invitations: invitationSignup, signIn: ssoSignInPolicy }),
  accountRoutes(ssoSignInPolicy, keysOfUser),
  apiKeysRoutes,
  auditRoutes,
  membersRoutes,
  invitationsRoutes,
  permissionsRoutes,
  dppFeature,
  gs1PrefixesRoutes,
  billingRoutes,
  billingWebhookRoutes, // its own JSON parser (raw body), encapsulated
  billingGraceJob,
  erasureRoutes,
  webhooksFeature,
  compressedLinks, // compressed GS1 Digital Links: before the web app's fallback
  exportsRoutes,
  announcementsRoutes,
  notificationsRoutes,
  brandRoutes,
  operatorRoutes,
  ssoRoutes,
  webAppPlugin, // last: its fallback serves only what no route above answers
];

/**
 * Libraries a feature imports on first use, and code V8 compiles on its first run; a server loads
 * and runs them before it takes traffic (warmUp in src/app.ts).
 */
export const preloads: Array<() => Promise<unknown>> = [loadScalarScript, warmPassportValidation];
