import { Type, type Static } from 'typebox';

export const Ga4SettingsUpdate = Type.Object(
  {
    measurement_id: Type.String({
      pattern: '^G-[A-Z0-9]{4,20}$',
      description: "The GA4 data stream's measurement id.",
      examples: ['G-ABC123XYZ9'],
    }),
    api_secret: Type.String({
      minLength: 8,
      maxLength: 128,
      writeOnly: true,
      description: 'A Measurement Protocol API secret of that stream; stored sealed, never returned.',
    }),
  },
  { title: 'UpdateGa4SettingsRequest', additionalProperties: false },
);
export type Ga4SettingsUpdate = Static<typeof Ga4SettingsUpdate>;

export const Ga4Settings = Type.Object(
  {
    workspace_id: Type.String(),
    enabled: Type.Boolean({ description: 'Scans are forwarded.' }),
    measurement_id: Type.Union([Type.String(), Type.Null()]),
    api_secret_set: Type.Boolean(),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'Ga4Settings' },
);
export type Ga4Settings = Static<typeof Ga4Settings>;
