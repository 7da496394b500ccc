// Labels and conformity. Symbols and the EU declaration of conformity are public (Annex XIII 1(a),
// Annex VI); results of test reports are for notified bodies, market surveillance authorities and
// the Commission only (Annex XIII 3).
import { Type } from 'typebox';
import { group, entity, link, linkList, text } from './attr.js';

export const LABEL_SYMBOLS = [
  'separate_collection',
  'cadmium',
  'lead',
  'carbon_footprint',
  'ce_marking',
  'extinguishing_agent',
] as const;

export const labels = group(
  {
    symbols: Type.Array(
      entity({
        symbol: Type.Enum(LABEL_SYMBOLS),
        meaning: text('public', { maxLength: 500 }),
        imageUrl: Type.Optional(link('public')),
      }),
      { minItems: 1, maxItems: 20, 'x-access': 'public', description: 'Symbols on the battery and their meaning' },
    ),
    declarationOfConformity: link('public', { description: 'EU declaration of conformity' }),
    resultOfTestReport: linkList('authority', {
      minItems: 1,
      description: 'Test reports proving compliance with Regulation (EU) 2023/1542',
    }),
  },
  'Labels, symbols and conformity',
);
