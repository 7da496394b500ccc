import { Type, type Static } from 'typebox';

export const EraseMeBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024, description: 'The current password, entered again.' }),
    delete_organizations: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 20,
        description:
          'Organizations you run alone (their only member, and org_admin), by id, to delete together with your account in the same step. Without this, such an organization makes the erasure a 409 that lists it.',
        examples: [['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0']],
      }),
    ),
  },
  { additionalProperties: false },
);
export type EraseMeBody = Static<typeof EraseMeBody>;

export const Erasure = Type.Object(
  {
    user_id: Type.String(),
    erased: Type.Boolean(),
    erased_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
