import { Type } from 'typebox';
import { PassportDataSchema, type SchemaNode } from './dpp.contract.js';
import { PageQuery } from '../../http/pagination.js';

/** The dynamic attributes (performance.dynamic): the only ones readings may carry. */
export const DYNAMIC_ATTRIBUTES = Object.keys(
  (PassportDataSchema as unknown as SchemaNode).properties!.performance.properties!.dynamic.properties!,
);

const attribute = Type.String({
  enum: DYNAMIC_ATTRIBUTES,
  description: 'A member of `performance.dynamic`, e.g. `stateOfHealth`, `numberOfFullCycles`, `temperatureHistory`.',
});

export const ReadingInput = Type.Object(
  {
    attribute,
    value: Type.Union([Type.Number(), Type.String({ maxLength: 500 })], {
      description:
        "A number in the attribute's unit (a count for the counters), or the text of a negative event (`negativeEvents`).",
    }),
    measured_at: Type.String({
      format: 'date-time',
      description: 'When the value was measured; not in the future.',
    }),
  },
  { additionalProperties: false },
);

export const ReadingsCreate = Type.Object(
  { readings: Type.Array(ReadingInput, { minItems: 1, maxItems: 100 }) },
  { title: 'CreatePassportReadingsRequest', additionalProperties: false },
);

export const ReadingSchema = Type.Object(
  {
    id: Type.String(),
    passport_id: Type.String(),
    attribute,
    value: Type.Union([Type.Number(), Type.String()]),
    measured_at: Type.String({ format: 'date-time' }),
    actor_type: Type.Enum(['api', 'user', 'system']),
    actor_id: Type.Union([Type.String(), Type.Null()]),
    recorded_at: Type.String({ format: 'date-time' }),
  },
  { title: 'PassportReading' },
);

export const ReadingListQuery = Type.Object(
  { ...PageQuery, attribute: Type.Optional(attribute) },
  { additionalProperties: false },
);
