import { Type, type Static } from 'typebox';
import { Email, Name, Nullable, Organization, Slug } from '../organizations/organizations.schemas.js';
import { Workspace } from '../workspaces/workspaces.schemas.js';
import { Count } from '../../http/numbers.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.js';
import { ORG_ROLES, WORKSPACE_ROLES } from '../../lib/roles.js';

export const User = Type.Object(
  {
    id: Type.String({ examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { title: 'User' },
);

export const Password = Type.String({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not one of the most common passwords (422 \`common_password\`), not fewer than 4 distinct characters (\`repetitive\`), not containing the e-mail address (\`contains_email\`).`,
});

export const SignupBody = Type.Object(
  {
    email: Email,
    password: Password,
    name: Type.Optional(Nullable(Name)),
    org_name: Name,
    org_slug: Type.Optional(Slug),
  },
  { title: 'SignupRequest', additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { title: 'LoginRequest', additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

const OrgWithRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  plan: Type.String(),
  role: Type.Enum(ORG_ROLES),
});
const WorkspaceWithRole = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  is_default: Type.Boolean(),
  role: Type.Enum(['org_admin', ...WORKSPACE_ROLES]),
});

export const SignupResult = Type.Object(
  {
    user: User,
    organization: Organization,
    workspace: Workspace,
    csrf_token: Type.String({ 'x-secret': true }),
    session_expires_at: Type.String(),
  },
  { title: 'SignupResult' },
);

export const LoginResult = Type.Object(
  {
    user: User,
    organizations: Type.Array(OrgWithRole),
    csrf_token: Type.String({ 'x-secret': true }),
    session_expires_at: Type.String(),
  },
  { title: 'LoginResult' },
);

export const Me = Type.Object(
  {
    user: User,
    organizations: Type.Array(OrgWithRole),
    current: Type.Object(
      {
        organization_id: Type.Union([Type.String(), Type.Null()]),
        workspace_id: Type.Union([Type.String(), Type.Null()]),
        role: Type.Union([Type.String(), Type.Null()]),
      },
      {
        description:
          'What X-Organization-Id / X-Workspace-Id (or their defaults) select for this session; workspace_id is null when the user holds no workspace there.',
      },
    ),
    workspaces: Type.Array(WorkspaceWithRole, {
      description: 'Active workspaces of the current organization the user may act in.',
    }),
    csrf_token: Type.String(),
  },
  { title: 'Me' },
);

export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    new_password: Password,
  },
  { title: 'ChangePasswordRequest', additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const PasswordChanged = Type.Object({ password_changed: Type.Boolean(), other_sessions_ended: Count() });

export const LogoutResult = Type.Object({ logged_out: Type.Boolean() });

export function toUser(row: { id: string; email: string; name: string | null; created_at: string }) {
  return { id: row.id, email: row.email, name: row.name, created_at: row.created_at };
}
