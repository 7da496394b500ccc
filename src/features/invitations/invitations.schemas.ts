import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { ORG_ROLES, WORKSPACE_ROLES, type WorkspaceRole as WorkspaceRoleName } from '../../lib/roles.js';

const OrgRole = Type.Enum(ORG_ROLES);
const WorkspaceRole = Type.Enum(WORKSPACE_ROLES);
const InvitedWorkspace = Type.Object({ workspace_id: Type.String(), role: WorkspaceRole });
const Status = Type.Enum(['pending', 'accepted', 'declined', 'revoked', 'expired'], {
  description: 'pending until accepted, declined, revoked or past expires_at.',
});

export const Invitation = Type.Object(
  {
    id: Type.String({ examples: ['inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String({ description: 'The invited address, normalised (trimmed, lower-case).' }),
    role: OrgRole,
    workspaces: Type.Array(InvitedWorkspace, { description: 'Workspace roles the invitee gets on acceptance.' }),
    status: Status,
    invited_by: Type.Union([Type.String(), Type.Null()], { description: 'The user who invited (or last re-invited).' }),
    created_at: Type.String(),
    expires_at: Type.String(),
    accepted_at: Type.Union([Type.String(), Type.Null()]),
    declined_at: Type.Union([Type.String(), Type.Null()]),
    revoked_at: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Invitation' },
);

export const CreatedInvitation = Type.Object(
  {
    ...Invitation.properties,
    invitation_url: Type.String({
      'x-secret': true,
      description:
        'The link the invitee follows (also e-mailed to them). Shown only here: only its hash is stored, and inviting again mints a new one. For admins without e-mail delivery: copy it to the invitee.',
    }),
  },
  { title: 'CreatedInvitation' },
);

export const InvitationLinkBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the invitation link.' }) },
  { title: 'InvitationLinkRequest', additionalProperties: false },
);

/** What the invitee sees: which organization, what it would get; not who else was invited. */
export const ReceivedInvitation = Type.Object(
  {
    id: Type.String({ examples: ['inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
    email: Type.String(),
    role: OrgRole,
    workspaces: Type.Array(InvitedWorkspace),
    status: Status,
    created_at: Type.String(),
    expires_at: Type.String(),
  },
  { title: 'ReceivedInvitation' },
);

export const InvitationParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const InvitationListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type InvitationListQuery = Static<typeof InvitationListQuery>;

export type InvitedRole = { workspace_id: string; role: WorkspaceRoleName };

export const InvitationLinkQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the invitation link.' }) },
  { additionalProperties: false },
);

/**
 * What the holder of an invitation link may know before signing in or up (docs/decisions.md D63):
 * the link was mailed to the invited address, so it shows what the mail said and a little more.
 */
export const InvitationPreview = Type.Object(
  {
    id: Type.String({ examples: ['inv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    status: Type.Enum(['pending', 'expired', 'accepted', 'declined', 'revoked', 'replaced'], {
      description:
        'What became of the invitation. `replaced`: inviting the address again minted a newer link (and may have changed the roles); only the newest link accepts.',
    }),
    email: Type.String({ description: 'The invited address, the one the link was mailed to.' }),
    organization: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
    invited_by: Type.Union(
      [Type.Object({ name: Type.Union([Type.String(), Type.Null()]), email: Type.String() }), Type.Null()],
      {
        description: 'Who invited (or last re-invited); null when that account no longer exists.',
      },
    ),
    role: OrgRole,
    workspaces: Type.Array(Type.Object({ workspace_id: Type.String(), name: Type.String(), role: WorkspaceRole }), {
      description:
        'The workspace roles the invitee gets, with the names of the workspaces (archived ones left out). An org_admin holds every workspace.',
    }),
    account_exists: Type.Boolean({
      description:
        'Whether an account uses the invited address: then the invitee logs in and accepts, else signs up from the link (`POST /auth/signup` with `invitation_token`). Told only to the holder of the link, which went to that address.',
    }),
    created_at: Type.String(),
    expires_at: Type.String(),
  },
  { title: 'InvitationPreview' },
);
