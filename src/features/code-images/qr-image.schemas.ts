import { Type, type Static } from 'typebox';
import { HEX_COLOR } from '../../qr/color.js';
import type { RenderQuery } from '../../qr/options.js';

const hex = (what: string) => Type.String({ pattern: HEX_COLOR.source, description: `${what} colour, #RRGGBB.` });

/** Query parameters shared by every QR image route. */
export const QrQuery = Type.Object({
  size: Type.Optional(
    Type.Integer({
      minimum: 16,
      maximum: 4096,
      description:
        'PNG edge in pixels, exactly; modules get the largest whole pixel count that fits and the remainder widens the quiet zone.',
    }),
  ),
  mm: Type.Optional(
    Type.Number({
      minimum: 5,
      maximum: 1000,
      description: 'Physical edge in millimetres (PDF, EPS, SVG width), quiet zone included.',
    }),
  ),
  // No `default` keyword: Ajv would fill it in and hide a code's own style margin.
  margin: Type.Optional(Type.Integer({ minimum: 0, maximum: 64, description: 'Quiet zone in modules. Default 4.' })),
  ecc: Type.Optional(Type.Enum(['L', 'M', 'Q', 'H'], { description: 'Error correction level. Default M.' })),
  fg: Type.Optional(hex('Module')),
  bg: Type.Optional(hex('Background')),
  dpi: Type.Optional(Type.Integer({ minimum: 72, maximum: 2400, description: 'Resolution written into the PNG.' })),
  invert: Type.Optional(Type.Boolean({ description: 'Light modules on a dark background.' })),
  download: Type.Optional(Type.Boolean({ description: 'Answer with Content-Disposition: attachment.' })),
});
export type QrQuery = Static<typeof QrQuery>;

// Compile-time guard: the schema and the renderer's RenderQuery may not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const queryMatchesRenderer: Same<QrQuery, RenderQuery> = true;
void queryMatchesRenderer;
