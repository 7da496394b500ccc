import { Type, type Static } from 'typebox';
import { LabelLayoutSchema } from '../../qr/label-layout.js';
import { CodeListQuery } from '../codes/index.js';

/** The largest sheet answered in one response; it renders in seconds and stays well under memory limits. */
export const MAX_EXPORT = 1_000;

const filterFields = CodeListQuery.properties;
const layoutFields = LabelLayoutSchema.properties;

export const ExportFilter = Type.Object(
  { type: filterFields.type, status: filterFields.status, tag: filterFields.tag, q: filterFields.q },
  { additionalProperties: false, description: 'The same filters as GET /v1/codes; codes print newest first.' },
);

export const ExportLayout = Type.Object(
  {
    page: Type.Optional(layoutFields.page),
    columns: Type.Optional(layoutFields.columns),
    rows: Type.Optional(layoutFields.rows),
    caption: Type.Optional(
      Type.Boolean({ description: 'Title and short URL (static codes: their URL or type) under each code.' }),
    ),
    margin_mm: layoutFields.margin_mm,
  },
  { additionalProperties: false, description: 'Defaults: A4, 3 columns, 4 rows, captions on, 10 mm page margin.' },
);

export const ExportBody = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: MAX_EXPORT,
        description: 'Codes to print, in this order; an id given twice prints twice. Exclusive with filter.',
      }),
    ),
    filter: Type.Optional(ExportFilter),
    layout: Type.Optional(ExportLayout),
  },
  {
    title: 'ExportCodesRequest',
    additionalProperties: false,
    examples: [{ filter: { status: 'active' }, layout: { page: 'A4', columns: 3, rows: 4, caption: true } }],
  },
);
export type ExportBody = Static<typeof ExportBody>;
