import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One } from '../../http/envelope.js';
import { one } from '../../http/envelope.js';
import { Organization, toOrganization } from './organizations.schemas.js';
import { getOrganization } from './organizations.service.js';

export default async function organizationsRoutes(app: App) {
  const { db } = app.deps;

  app.get('/v1/organizations', {
    config: { permission: 'organizations.read' },
    schema: { operationId: 'getOrganization', tags: ['organizations'], summary: "The calling key's organization", response: { 200: One(Organization) } },
  }, async (request) => one(request, toOrganization(await getOrganization(db, principalOf(request).organizationId))));
}
