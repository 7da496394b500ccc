import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';

// Who operates the server, as the console lists and changes it (docs/decisions.md D73).

export const OperatorEntry = Type.Object(
  {
    user_id: Nullable(
      Type.String({
        description: 'Null for an address of OPERATOR_EMAILS that nobody signed up with yet.',
        examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'],
      }),
    ),
    email: Type.String({ examples: ['ops@example.com'] }),
    name: Nullable(Type.String()),
    named: Type.Boolean({ description: 'Named with the CLI or from the console; removable from the console.' }),
    by_setting: Type.Boolean({ description: 'Listed in OPERATOR_EMAILS: only changing the setting ends it.' }),
    two_factor: Type.Boolean({ description: 'Two-factor sign-in is on: without it the console refuses them.' }),
    added_at: Nullable(
      Type.String({ format: 'date-time', description: 'When they were named; null by the setting alone.' }),
    ),
  },
  { title: 'OperatorEntry' },
);

export const NameOperatorBody = Type.Object(
  {
    email: Type.String({
      minLength: 3,
      maxLength: 320,
      description: 'The address a user of this server signs in with.',
      examples: ['second-operator@example.com'],
    }),
  },
  { additionalProperties: false },
);
export type NameOperatorBody = Static<typeof NameOperatorBody>;

export const OperatorUserParams = Type.Object({
  id: Type.String({ maxLength: 100, examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
});
