import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import {
  CreateOrganizationBody,
  Organization,
  OrganizationParams,
  UpdateOrganizationBody,
  toOrganization,
} from './organizations.schemas.js';
import { createOrganization, deleteOrganization, getOrganization, patchOrganization } from './organizations.service.js';
import { route } from '../../http/route.js';

const tags = ['organizations'];

/**
 * `redirectKeysOf`: the short codes and aliases of an organization's codes, from the codes feature,
 * which builds on this one (src/features/index.ts hands it in).
 */
export default async function organizationsRoutes(
  app: App,
  opts: { redirectKeysOf: (db: App['deps']['db'], organizationId: string) => Promise<string[]> },
) {
  const ctx = app.deps;

  app.get(
    '/v1/organizations',
    route('organizations.read', {
      operationId: 'getOrganization',
      tags,
      summary: "The calling key's organization",
      description:
        "Returns the organization the calling API key (or the session's chosen organization) belongs to, with its plan and settings. A key never sees another organization.",
      response: { 200: One(Organization) },
    }),
    async (request) => one(request, toOrganization(await getOrganization(ctx.db, principalOf(request).organizationId))),
  );

  app.post(
    '/v1/organizations',
    route('organizations.create', {
      operationId: 'createOrganization',
      tags,
      summary: 'Create an organization on the default plan with its default workspace',
      description:
        "The caller's user (the session user, or the user who created the calling API key) becomes org_admin.",
      body: CreateOrganizationBody,
      response: { 201: One(Organization) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(one(request, toOrganization(await createOrganization(ctx, principalOf(request), request.body)))),
  );

  app.patch(
    '/v1/organizations/:id',
    route('organizations.update', {
      operationId: 'updateOrganization',
      tags,
      summary: 'Update the current organization',
      description:
        "Changes any of `name`, `slug`, `billing_email` and `settings` of the caller's own organization. A slug in use is a 422 `taken` at `/slug`; another organization's id is a 404. A key may do this only while its creator is `org_admin`. " +
        'Changing `settings.require_2fa` (on or off) needs a session of a user who has two-factor sign-in on: an API key, or a session without it, gets 403 `forbidden` and nothing changes. ' +
        'A session whose address is not verified cannot set a new `billing_email` (403 `email-unverified`, EMAIL_VERIFICATION=required): usage notices are mailed there.',
      params: OrganizationParams,
      body: UpdateOrganizationBody,
      response: { 200: One(Organization) },
    }),
    async (request) =>
      one(request, toOrganization(await patchOrganization(ctx, principalOf(request), request.params.id, request.body))),
  );

  app.delete(
    '/v1/organizations/:id',
    route('organizations.delete', {
      operationId: 'deleteOrganization',
      tags,
      summary: 'Soft-delete the current organization (org_admin session only)',
      description:
        "Answers 200 with the final state. Afterwards the organization's API keys and sessions get 401; rows are kept.",
      params: OrganizationParams,
      response: { 200: One(Organization) },
    }),
    async (request) => {
      const deleted = await deleteOrganization(ctx, principalOf(request), request.params.id);
      // Its codes stop redirecting now, on every instance, not when their cache entries expire.
      ctx.invalidation.publish(await opts.redirectKeysOf(ctx.db, deleted.id));
      return one(request, toOrganization(deleted));
    },
  );
}
