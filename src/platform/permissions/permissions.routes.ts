import type { App } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { PERMISSIONS, type Permission } from '../../http/permissions.js';
import { ROLES, type Role } from '../../lib/roles.js';
import { route } from '../../http/route.js';
import { PermissionTable } from './permissions.schemas.js';

// The answer is the very table the auth hook checks, so the dashboard's permission screen can
// never drift from what the server enforces (docs/decisions.md D17).
const table = {
  roles: [...ROLES],
  actions: (Object.entries(PERMISSIONS) as Array<[Permission, readonly Role[]]>).map(([action, roles]) => ({
    action,
    roles: [...roles],
  })),
};

export default async function permissionsRoutes(app: App) {
  app.get(
    '/v1/permissions',
    route('organizations.read', {
      operationId: 'getPermissionTable',
      tags: ['members'],
      summary: 'The role × action table the server enforces',
      description:
        'Every action an operation may need, with the roles allowed it. An API key is further limited to what the user who created it may do.',
      response: { 200: One(PermissionTable) },
    }),
    async (request) => one(request, table),
  );
}
