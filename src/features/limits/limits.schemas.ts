import { Type, type Static } from 'typebox';
import { PLAN_NAMES, type PlanName } from '../../platform/plans.js';
import { Nullable } from '../../http/nullable.js';

const Quota = (what: string) =>
  Nullable(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      examples: [500],
      description: `${what}; null: unlimited.`,
    }),
  );

const INVITATIONS = 'Invitation mails (new or refreshed) one organization may send in 24 hours.';

const PlanQuotaFields = {
  max_storage_bytes: Quota('Bytes of uploaded files and logos'),
  max_files: Quota('Uploaded files (content pages)'),
  max_logos: Quota('Logos in the library'),
};

const PlanQuotas = Type.Object(PlanQuotaFields, { title: 'PlanStorageQuotas' });

const PlanOverrides = Type.Object(
  Object.fromEntries(Object.entries(PlanQuotaFields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof typeof PlanQuotaFields]: ReturnType<typeof Type.Optional<(typeof PlanQuotaFields)[K]>>;
  },
  { additionalProperties: false },
);

/** Every plan's quotas, all fields present: what is in force, or what the environment says. */
const AllPlans = Type.Object(
  Object.fromEntries(PLAN_NAMES.map((p) => [p, PlanQuotas])) as Record<PlanName, typeof PlanQuotas>,
);

const LimitValues = {
  plans: AllPlans,
  invitations_per_day: Type.Integer({ minimum: 1, maximum: 1_000_000, description: INVITATIONS }),
  verified_mail_only: Type.Boolean({
    description:
      'Whether a user whose address is not verified is refused (403 `email-unverified`) when their action would mail a third party: invitations, a billing address.',
  }),
};

/**
 * PUT /v1/operator/limits: what the operator sets. A field left out goes back to the environment's
 * default (PLANS_JSON, INVITATIONS_PER_DAY, EMAIL_VERIFICATION); null is unlimited.
 */
export const LimitsBody = Type.Object(
  {
    plans: Type.Optional(
      Type.Object(Object.fromEntries(PLAN_NAMES.map((p) => [p, Type.Optional(PlanOverrides)])), {
        additionalProperties: false,
      }),
    ),
    invitations_per_day: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: INVITATIONS })),
    verified_mail_only: Type.Optional(LimitValues.verified_mail_only),
  },
  { additionalProperties: false, title: 'LimitsOverrides' },
);
export type LimitsBody = Static<typeof LimitsBody>;

export const InstanceLimits = Type.Object(
  {
    ...LimitValues,
    defaults: Type.Object(LimitValues, {
      title: 'LimitsDefaults',
      description: "The environment's values, in force where the operator set nothing.",
    }),
    overrides: LimitsBody,
    updated_at: Nullable(Type.String({ description: 'When the operator last changed them; null: never.' })),
    updated_by: Nullable(Type.String({ description: "The operator's user id; null: never changed, or the CLI." })),
  },
  { title: 'InstanceLimits' },
);
