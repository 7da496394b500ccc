import { Type } from 'typebox';
import { ROLES } from '../../lib/roles.js';

const Role = Type.Enum(ROLES);

export const PermissionTable = Type.Object(
  {
    roles: Type.Array(Role, { description: 'Every role, most rights first.' }),
    actions: Type.Array(
      Type.Object({
        action: Type.String({ examples: ['codes.approve'] }),
        roles: Type.Array(Role, { description: 'The roles allowed this action.' }),
      }),
    ),
  },
  { title: 'PermissionTable' },
);
