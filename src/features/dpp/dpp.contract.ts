// The battery passport data contract: one schema for API validation, the public page and the docs.
// `data` follows the seven aspects of the Battery Pass consortium data model v1.2 with camelCase
// attribute names; the envelope carries the identity (GTIN, serial, lot) and lifecycle fields.
import { Type, type Static } from 'typebox';
import { AI82_PATTERN, UNIQUE_IDENTIFIER_PATTERN } from './gs1.js';
import { carbonFootprint } from './contract/carbon.js';
import { circularity } from './contract/circularity.js';
import { materialComposition } from './contract/composition.js';
import { supplyChainDueDiligence } from './contract/due-diligence.js';
import { generalProductInformation } from './contract/general.js';
import { labels } from './contract/labels.js';
import { performance } from './contract/performance.js';
import { CATEGORIES } from './contract/required.js';
import { collectAttributes, type AttributeInfo, type SchemaNode } from './contract/walk.js';
import { MAX_SAFE } from '../../http/numbers.js';

export { ACCESS_LEVELS, DPP_SCHEMA_KEYWORDS, UNITS, type AccessLevel, type Unit } from './contract/attr.js';
export { CATEGORIES, REQUIRED_ATTRIBUTES, type Category } from './contract/required.js';
export { labelFor, type AttributeInfo, type SchemaNode } from './contract/walk.js';
export { applyMergePatch } from './contract/merge-patch.js';

export const BATTERY_STATUSES = ['original', 'repurposed', 'reused', 'remanufactured', 'waste'] as const;
export type BatteryStatus = (typeof BATTERY_STATUSES)[number];
export const DEFAULT_BATTERY_STATUS: BatteryStatus = 'original';

export const PUBLICATION_STATUSES = ['draft', 'published', 'archived'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const DPP_ID_PATTERN = '^dpp_[0-9A-HJKMNP-TV-Z]{26}$';

export const PassportDataSchema = Type.Object(
  {
    generalProductInformation: Type.Optional(generalProductInformation),
    carbonFootprint: Type.Optional(carbonFootprint),
    supplyChainDueDiligence: Type.Optional(supplyChainDueDiligence),
    materialComposition: Type.Optional(materialComposition),
    circularity: Type.Optional(circularity),
    performance: Type.Optional(performance),
    labels: Type.Optional(labels),
  },
  {
    title: 'PassportData',
    additionalProperties: false,
    description: 'Battery passport content (Regulation (EU) 2023/1542 Annex XIII)',
  },
);
export type PassportData = Static<typeof PassportDataSchema>;

const aiValue = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 20,
    pattern: AI82_PATTERN,
    description,
    'x-codes': { pattern: 'charset.ai82', minLength: 'length.min', maxLength: 'length.max' },
  });

const category = Type.Enum(CATEGORIES, { description: 'Battery category (Art. 3)' });
const batteryStatus = Type.Enum(BATTERY_STATUSES, { description: 'Lifecycle status (Annex XIII 4(c))' });
const predecessorId = Type.String({
  pattern: DPP_ID_PATTERN,
  description: 'Passport of the original battery, for a repurposed or remanufactured one (Art. 77(6))',
  'x-codes': { pattern: 'id.format' },
});

export const CreatePassportSchema = Type.Object(
  {
    gtin: Type.String({ description: 'GTIN-8, -12, -13 or -14 with a valid check digit; stored as 14 digits' }),
    serial: aiValue('Serial number (GS1 AI 21): 1–20 characters of GS1 character set 82'),
    lot: Type.Optional(aiValue('Batch or lot (GS1 AI 10): 1–20 characters of GS1 character set 82')),
    category,
    battery_status: Type.Optional(Type.Enum(BATTERY_STATUSES, { description: 'Defaults to original' })),
    predecessor_id: Type.Optional(predecessorId),
    data: PassportDataSchema,
  },
  { title: 'CreatePassportRequest', additionalProperties: false },
);
export type CreatePassport = Static<typeof CreatePassportSchema>;

/**
 * PATCH body. The identity (GTIN, serial, lot, category) never changes: a different battery gets
 * a different passport. `data` is a JSON merge patch (RFC 7396) applied to the stored data; the
 * merged result is validated whole with validatePassport.
 */
export const PatchPassportSchema = Type.Object(
  {
    battery_status: Type.Optional(batteryStatus),
    predecessor_id: Type.Optional(Type.Union([predecessorId, Type.Null()])),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'JSON merge patch of data' })),
  },
  {
    title: 'UpdatePassportRequest',
    additionalProperties: false,
    minProperties: 1,
    examples: [{ battery_status: 'original', predecessor_id: null }],
  },
);

/** The Art. 77(3) unique identifier (docs/decisions.md D25). */
export const UniqueIdentifierSchema = Type.String({
  pattern: UNIQUE_IDENTIFIER_PATTERN,
  description:
    "Unique identifier of the battery and its passport (Regulation (EU) 2023/1542 Art. 77(3)): GTIN and serial as the GS1 element string `(01){gtin}(21){serial}` (ISO/IEC 15459, GS1 issuing agency). The QR code's Digital Link carries the same two keys.",
  examples: ['(01)04260123456788(21)VX77-2606-000481'],
});

const timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds' });

export const PassportSchema = Type.Object(
  {
    id: Type.String({ pattern: DPP_ID_PATTERN }),
    workspace_id: Type.String(),
    gtin: Type.String({ pattern: '^[0-9]{14}$' }),
    serial: Type.String(),
    lot: Type.Union([Type.String(), Type.Null()]),
    category,
    battery_status: batteryStatus,
    publication_status: Type.Enum(PUBLICATION_STATUSES),
    predecessor_id: Type.Union([Type.String({ pattern: DPP_ID_PATTERN }), Type.Null()]),
    unique_identifier: UniqueIdentifierSchema,
    digital_link: Type.String({ format: 'uri', description: 'GS1 Digital Link URI encoded in the QR code' }),
    public_url: Type.String({ format: 'uri', description: 'Public passport page' }),
    version: Type.Integer({ minimum: 1, maximum: MAX_SAFE }),
    data: PassportDataSchema,
    created_at: timestamp,
    updated_at: timestamp,
  },
  { title: 'Passport', additionalProperties: false },
);
export type Passport = Static<typeof PassportSchema>;

/** Every attribute of `data` with its unit, access level and the categories that require it. */
export function listAttributes(): AttributeInfo[] {
  return collectAttributes(PassportDataSchema as unknown as SchemaNode);
}

/** The schema node of `data` at a data pointer (`/performance/rated/ratedEnergy`), if any. */
export function schemaAt(pointer: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = PassportDataSchema as unknown as SchemaNode;
  for (const token of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    node = /^[0-9]+$/.test(token) && node.items ? node.items : node.properties?.[token];
  }
  return node;
}
