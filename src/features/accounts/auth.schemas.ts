import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Email, Name, Slug } from '../../http/fields.js';
import { Organization } from '../organizations/index.js';
import { Workspace } from '../workspaces/index.js';
import { Count } from '../../http/numbers.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.js';
import { ORG_ROLES, WORKSPACE_ROLES } from '../../lib/roles.js';

export const Locale = Type.Union([Type.Literal('en'), Type.Literal('de')], {
  description:
    "Language of the user's e-mail; defaults to the request's Accept-Language (German when it prefers de, else English).",
});

export const User = Type.Object(
  {
    id: Type.String({ examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    email_verified: Type.Boolean({ description: 'Whether the address was proved by its e-mailed link.' }),
    two_factor_enabled: Type.Boolean({ description: 'Whether sign-in needs an authenticator code.' }),
    locale: Type.Union([Type.Literal('en'), Type.Literal('de')], { description: 'Language of e-mail to the user.' }),
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
    org_name: Type.Optional({
      ...Name,
      description:
        'The new organization. Required, unless `invitation_token` is given: then it must be absent (400 `required` / 422 `exclusive` on /org_name).',
    } as typeof Name),
    org_slug: Type.Optional(Slug),
    locale: Type.Optional(Locale),
    invitation_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'The `token` of an invitation link. Then no organization is created: the new user joins the inviting one with the invited roles, and the address counts as verified (the link proved it). `email` must be the invited address (422 `mismatch` on /email); an unknown token is a 422 `invalid_token` on /invitation_token; an invitation no longer pending (expired, revoked, declined, accepted, or its link replaced by a newer one) a 409 `conflict`.',
      }),
    ),
  },
  {
    title: 'SignupRequest',
    additionalProperties: false,
    // org_name is required only without invitation_token, which the schema cannot say: the example names it.
    examples: [{ email: 'lead@example.com', password: 'correct horse battery', org_name: 'Acme Marketing' }],
  },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: 'With two-factor sign-in on: the 6-digit code of the authenticator app, or a recovery code.',
      }),
    ),
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
    workspace: Type.Union([Workspace, Type.Null()], {
      description:
        'The new default workspace; from an invitation, the first invited workspace. Null only for an invitation that grants a member no workspace.',
    }),
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
    two_factor_required: Type.Boolean({
      description:
        'Whether the current organization requires two-factor sign-in (`settings.require_2fa`). While `user.two_factor_enabled` is false, its routes answer 403 `two-factor-enrolment-required` to this session.',
    }),
    email_verification_required: Type.Boolean({
      description:
        'Whether this server requires proved addresses (EMAIL_VERIFICATION=required): then an unverified user cannot accept or send invitations, create API keys, upload files or logos, or turn on two-factor sign-in.',
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

export const UpdateMeBody = Type.Object(
  {
    name: Type.Optional(Nullable(Name)),
    locale: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('de')], {
        description: "Language of the user's e-mail, set by the dashboard's language picker.",
      }),
    ),
  },
  { title: 'UpdateMeRequest', additionalProperties: false, minProperties: 1, examples: [{ locale: 'de' }] },
);
export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const PasswordChanged = Type.Object({ password_changed: Type.Boolean(), other_sessions_ended: Count() });

export const LogoutResult = Type.Object({ logged_out: Type.Boolean() });

export function toUser(row: {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  email_verified_at: string | null;
  locale: string;
  totp_enabled_at: string | null;
}) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    email_verified: row.email_verified_at !== null,
    two_factor_enabled: row.totp_enabled_at !== null,
    locale: row.locale === 'de' ? ('de' as const) : ('en' as const),
    created_at: row.created_at,
  };
}

export const VerifyEmailBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the e-mailed link.' }) },
  { title: 'VerifyEmailRequest', additionalProperties: false },
);
export const EmailVerified = Type.Object({ email: Type.String(), email_verified: Type.Boolean() });
export const VerificationSent = Type.Object({ sent_to: Type.String() });

export const PasswordResetBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { title: 'PasswordResetRequest', additionalProperties: false },
);
export const PasswordResetAccepted = Type.Object({ accepted: Type.Boolean() });
export const PasswordResetConfirmBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` of the e-mailed link.' }),
    password: Password,
  },
  { title: 'PasswordResetConfirmRequest', additionalProperties: false },
);
export const PasswordReset = Type.Object({ password_changed: Type.Boolean(), sessions_ended: Count() });

export const EmailChangeBody = Type.Object(
  { new_email: Email, password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { title: 'EmailChangeRequest', additionalProperties: false },
);

export const TwoFactorCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 32 }) },
  { title: 'TwoFactorCodeRequest', additionalProperties: false },
);
export const TwoFactorEnrolBody = Type.Object(
  {
    password: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'The current password: a session alone (a shared computer) must not bind an authenticator.',
    }),
  },
  { title: 'TwoFactorEnrolRequest', additionalProperties: false },
);
export const TwoFactorDisableBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }), code: Type.String({ minLength: 1, maxLength: 32 }) },
  { title: 'TwoFactorDisableRequest', additionalProperties: false },
);
export const TwoFactorEnrolment = Type.Object({
  secret: Type.String({ 'x-secret': true, description: 'Base32 secret, for typing into an app that cannot scan.' }),
  otpauth_uri: Type.String({ 'x-secret': true }),
  qr_svg: Type.String({ 'x-secret': true, description: 'The otpauth URI as a QR code (SVG), drawn by our renderer.' }),
});
export const TwoFactorEnabled = Type.Object({
  two_factor_enabled: Type.Boolean(),
  recovery_codes: Type.Array(Type.String(), {
    'x-secret': true,
    description: 'Ten single-use codes, shown once; only their hashes are stored.',
  }),
});
export const TwoFactorDisabled = Type.Object({ two_factor_enabled: Type.Boolean() });
