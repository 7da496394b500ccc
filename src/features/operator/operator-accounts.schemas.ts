import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { Nullable } from '../../http/nullable.js';

// The operator's actions on accounts (docs/decisions.md D74): suspension, users, erasure.

const Reason = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'Why, for the instance audit log and the support team; never shown to the organization or user.',
  examples: ['Phishing redirects reported by abuse@'],
});

export const SUSPENSION_REDIRECTS = ['keep', 'neutral_page'] as const;

export const SuspendBody = Type.Object(
  {
    reason: Reason,
    redirects: Type.Enum(SUSPENSION_REDIRECTS, {
      description:
        'What its codes answer meanwhile: `keep` redirecting, or `neutral_page`, a page saying "This code is not available" (HTTP 410, nothing of the owner shown).',
    }),
  },
  { additionalProperties: false },
);
export type SuspendBody = Static<typeof SuspendBody>;

export const Suspension = Type.Object(
  {
    reason: Type.String(),
    redirects: Type.Enum(SUSPENSION_REDIRECTS),
  },
  { title: 'OperatorSuspension' },
);

export const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;

const Confirm = (what: string) =>
  Type.String({
    minLength: 1,
    maxLength: 320,
    description: `${what}, typed again: anything else is a 422 at /confirm.`,
  });

export const EraseUserBody = Type.Object(
  {
    confirm: Confirm("The user's e-mail address"),
    delete_organizations: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 20,
        description:
          'Organizations the user runs alone (their only member, and org_admin), to delete with them; without this such an organization makes the erasure a 409 that lists it, as for DELETE /v1/users/me.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EraseUserBody = Static<typeof EraseUserBody>;

export const EraseOrganizationBody = Type.Object(
  { confirm: Confirm("The organization's slug") },
  { additionalProperties: false },
);

export const ErasedOrganization = Type.Object(
  { id: Type.String(), erased: Type.Boolean() },
  { title: 'OperatorErasedOrganization' },
);

export const UserParams = Type.Object({
  id: Type.String({ maxLength: 100, examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
});

export const UserDirectoryQuery = Type.Object(
  {
    ...PageQuery,
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "Search: a user's id, or part of their e-mail address or name (any case).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type UserDirectoryQuery = Static<typeof UserDirectoryQuery>;

export const OperatorUser = Type.Object(
  {
    id: Type.String({ examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    email: Type.String({ examples: ['ada@example.com'] }),
    name: Nullable(Type.String()),
    email_verified: Type.Boolean(),
    two_factor: Type.Boolean({ description: 'Two-factor sign-in is on.' }),
    disabled_at: Nullable(
      Type.String({ description: 'When the operator disabled the account; null while it may sign in.' }),
    ),
    disabled_reason: Nullable(Type.String()),
    last_sign_in_at: Nullable(
      Type.String({
        description: 'The start of their newest session still stored; null when none is (logged out, expired).',
      }),
    ),
    created_at: Type.String(),
    organizations: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String(), role: Type.String() }),
      { description: 'The live organizations they belong to, oldest membership first.' },
    ),
  },
  { title: 'OperatorUser' },
);
