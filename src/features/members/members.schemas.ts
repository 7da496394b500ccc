import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Email, Name } from '../../http/fields.js';
import { PageQuery } from '../../http/pagination.js';
import { ORG_ROLES, WORKSPACE_ROLES } from '../../lib/roles.js';

const OrgRole = Type.Enum(ORG_ROLES);
const WorkspaceRole = Type.Enum(WORKSPACE_ROLES);

export const MemberWorkspace = Type.Object({ workspace_id: Type.String(), role: WorkspaceRole });

export const Member = Type.Object(
  {
    user_id: Type.String({ examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    role: OrgRole,
    workspaces: Type.Array(MemberWorkspace, {
      description: 'Roles in active workspaces. An org_admin holds every workspace regardless.',
    }),
    status: Type.Enum(['active', 'removed'], { description: '"removed" only in the answer to DELETE.' }),
    created_at: Type.String({ description: 'When the user joined the organization.' }),
  },
  { title: 'Member' },
);

const WorkspaceAssignments = <T extends ReturnType<typeof Type.Object>>(item: T) => Type.Array(item, { maxItems: 100 });

export const AddMemberBody = Type.Object(
  {
    email: Email,
    name: Type.Optional(
      Nullable({
        ...Name,
        description: 'Ignored, kept for compatibility: the invitee names itself at signup.',
      } as typeof Name),
    ),
    role: Type.Optional(OrgRole),
    workspaces: Type.Optional(
      WorkspaceAssignments(
        Type.Object(
          { workspace_id: Type.String({ maxLength: 64 }), role: WorkspaceRole },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { title: 'AddMemberRequest', additionalProperties: false },
);
export type AddMemberBody = Static<typeof AddMemberBody>;

export const UpdateMemberBody = Type.Object(
  {
    role: Type.Optional(OrgRole),
    workspaces: Type.Optional(
      WorkspaceAssignments(
        Type.Object(
          {
            workspace_id: Type.String({ maxLength: 64 }),
            role: Nullable(WorkspaceRole),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  {
    title: 'UpdateMemberRequest',
    additionalProperties: false,
    description: 'Listed workspaces get the given role (null removes it); unlisted ones keep theirs.',
  },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const MemberParams = Type.Object({ user_id: Type.String({ maxLength: 64 }) });
export const MemberListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type MemberListQuery = Static<typeof MemberListQuery>;
