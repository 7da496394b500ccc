import { Type, type Static } from 'typebox';

export const EraseMeBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024, description: 'The current password, entered again.' }) },
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
