// HTTP schemas of the /v1/dpp-models routes. Bodies are documented here and judged by
// validateModel (the passport validator's issue codes), like passport bodies.
import { Type } from 'typebox';
import { Meta } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { CATEGORIES, PassportDataSchema, PUBLICATION_STATUSES } from './dpp.contract.js';
import { MAX_SAFE } from '../../http/numbers.js';
import { IssueSchema } from './dpp.schemas.js';

export const MODEL_ID_PATTERN = '^dpm_[0-9A-HJKMNP-TV-Z]{26}$';
const timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });
const category = Type.Enum(CATEGORIES, { description: 'Battery category (Art. 3)' });

export const CreateModelSchema = Type.Object(
  {
    gtin: Type.String({ description: 'GTIN-8, -12, -13 or -14 with a valid check digit; stored as 14 digits' }),
    category,
    data: PassportDataSchema,
  },
  {
    title: 'CreateModelPassportRequest',
    additionalProperties: false,
    description:
      '`data` holds the public attributes every battery of the model shares (restricted attributes are refused with access.not_public); generalProductInformation.batteryModel and .manufacturerInformation are required.',
    examples: [
      {
        gtin: '04260123456788',
        category: 'ev',
        data: {
          generalProductInformation: {
            batteryModel: 'Voltaris VX77 NMC811 traction pack, 77 kWh',
            manufacturerInformation: {
              name: 'Voltaris GmbH',
              address: {
                streetAddress: 'Akkuweg 7',
                postalCode: '38440',
                addressLocality: 'Wolfsburg',
                addressCountry: 'DE',
              },
              contact: { website: 'https://voltaris.example' },
            },
            warrantyPeriod: 96,
          },
        },
      },
    ],
  },
);

export const PatchModelSchema = Type.Object(
  { data: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON merge patch of data' }) },
  { title: 'UpdateModelPassportRequest', additionalProperties: false },
);

export const ModelSchema = Type.Object(
  {
    id: Type.String({ pattern: MODEL_ID_PATTERN }),
    workspace_id: Type.String(),
    gtin: Type.String({ pattern: '^[0-9]{14}$' }),
    category,
    publication_status: Type.Enum(PUBLICATION_STATUSES),
    digital_link: Type.String({
      format: 'uri',
      description: 'GS1 Digital Link URI of the GTIN level: {base}/01/{gtin}',
    }),
    public_url: Type.String({ format: 'uri', description: 'Public model passport page' }),
    version: Type.Integer({ minimum: 1, maximum: MAX_SAFE }),
    data: PassportDataSchema,
    created_at: timestamp,
    updated_at: timestamp,
  },
  { title: 'ModelPassport', additionalProperties: false },
);

export const ModelEnvelope = Type.Object(
  { data: ModelSchema, meta: Type.Object({ ...Meta.properties, warnings: Type.Array(IssueSchema) }) },
  { title: 'ModelPassportResponse' },
);

export const ModelParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const ModelListQuery = Type.Object(
  {
    ...PageQuery,
    gtin: Type.Optional(
      Type.String({ maxLength: 14, description: 'GTIN-8, -12, -13 or -14; normalised to 14 digits before matching.' }),
    ),
    publication_status: Type.Optional(Type.Enum(PUBLICATION_STATUSES)),
  },
  { additionalProperties: false },
);
