import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { EYE_SHAPES, MODULE_SHAPES } from '../../qr/design.js';
import { DEFAULT_LOGO_SCALE, MAX_LOGO_SCALE, MIN_LOGO_SCALE } from '../../qr/logo.js';
import { FRAME_FONTS, MAX_FRAME_TEXT } from '../../qr/frame.js';
import {
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  MAX_LOGO_PIXELS,
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  MIN_LOGO_PIXELS,
} from './logo-files.js';

const HEX = '^#[0-9A-Fa-f]{6}$';
const hex = (description: string) => Type.String({ pattern: HEX, description, examples: ['#1A1A2E'] });
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const FrameStyle = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MAX_FRAME_TEXT,
      description: 'The call to action below the code, e.g. "Scan for the menu".',
      examples: ['Scan me'],
    }),
    color: Type.Optional(orNull(hex('Frame and banner colour; default the foreground.'))),
    text_color: Type.Optional(orNull(hex('Text colour; default the background.'))),
    font: Type.Optional(
      orNull(Type.String({ enum: [...FRAME_FONTS], description: 'Typeface of the text; default sans.' })),
    ),
  },
  { title: 'CodeFrame', additionalProperties: false },
);
export type FrameStyle = Static<typeof FrameStyle>;

/** The design fields a code and a brand kit share beyond colours and shapes. */
export const designFields = {
  logo_id: Type.Optional(
    orNull(
      Type.String({
        maxLength: 100,
        description: 'A logo of the workspace (POST /v1/logos), drawn in the centre; raises error correction to H.',
      }),
    ),
  ),
  logo_size: Type.Optional(
    orNull(
      Type.Number({
        minimum: MIN_LOGO_SCALE,
        maximum: MAX_LOGO_SCALE,
        description: `Share of the symbol's edge the logo takes, default ${DEFAULT_LOGO_SCALE}. Refused when error correction H could not recover the modules it hides.`,
      }),
    ),
  ),
  frame: Type.Optional(orNull(FrameStyle)),
};

const Gradient = Type.Object(
  {
    to: hex('The colour the modules shade into.'),
    direction: Type.String({ enum: ['horizontal', 'vertical', 'diagonal'] }),
  },
  { additionalProperties: false },
);

/** Fonts a hosted page may take: each a stack of fonts phones have, so no web font is loaded
 * (docs/decisions.md D82). */
export const PAGE_FONTS = ['system', 'sans', 'serif', 'rounded', 'mono'] as const;

/** How the workspace's hosted pages look with this kit (docs/decisions.md D82). */
export const PageStyle = Type.Object(
  {
    accent: Type.Optional(
      orNull(
        hex(
          "Buttons and the top bar; default the workspace's primary_color. Button text is black or white, whichever contrasts more.",
        ),
      ),
    ),
    background: Type.Optional(
      orNull(hex('Page background; default a light grey. Text is black or white, whichever contrasts more (WCAG AA).')),
    ),
    font: Type.Optional(
      orNull(Type.String({ enum: [...PAGE_FONTS], description: 'A font stack phones have; default system.' })),
    ),
    logo_id: Type.Optional(
      orNull(Type.String({ maxLength: 100, description: 'A logo of the workspace shown at the top of the page.' })),
    ),
  },
  { title: 'BrandKitPageStyle', additionalProperties: false },
);
export type PageStyle = Static<typeof PageStyle>;

/** Everything a brand kit may preset: the fields of a code's style, except the kit itself. */
export const KitStyle = Type.Object(
  {
    foreground: Type.Optional(orNull(hex('Module colour.'))),
    background: Type.Optional(orNull(hex('Background colour.'))),
    error_correction: Type.Optional(
      Type.Union([Type.Literal('L'), Type.Literal('M'), Type.Literal('Q'), Type.Literal('H'), Type.Null()]),
    ),
    margin: Type.Optional(orNull(Type.Integer({ minimum: 0, maximum: 64 }))),
    module_shape: Type.Optional(orNull(Type.String({ enum: [...MODULE_SHAPES] }))),
    eye_shape: Type.Optional(orNull(Type.String({ enum: [...EYE_SHAPES] }))),
    eye_color: Type.Optional(orNull(hex('Finder eye colour; default the foreground.'))),
    gradient: Type.Optional(orNull(Gradient)),
    ...designFields,
    page: Type.Optional(orNull(PageStyle)),
  },
  { title: 'BrandKitStyle', additionalProperties: false },
);
export type KitStyle = Static<typeof KitStyle>;

export const Logo = Type.Object(
  {
    id: Type.String({ examples: ['lgo_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    name: Type.String(),
    content_type: Type.String({ enum: [...LOGO_TYPES] }),
    width: Type.Number({ minimum: 0, maximum: 1e9, description: 'Pixels (PNG) or viewBox units (SVG).' }),
    height: Type.Number({ minimum: 0, maximum: 1e9 }),
    bytes: Type.Integer({ minimum: 0, maximum: MAX_LOGO_BYTES, description: 'Size of the stored, sanitised file.' }),
    created_at: Type.String(),
    deleted_at: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Logo' },
);
export type Logo = Static<typeof Logo>;

export const LogoCreate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    content_type: Type.String({ enum: [...LOGO_TYPES], examples: ['image/svg+xml'] }),
    data: Type.String({
      // A 16×16 SVG circle: an example the reference can send as it is.
      examples: [
        'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PGNpcmNsZSBjeD0iOCIgY3k9IjgiIHI9IjgiIGZpbGw9IiMxQTIzN0UiLz48L3N2Zz4=',
      ],
      minLength: 1,
      maxLength: Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4096,
      description: `The file, base64. At most ${MAX_LOGO_BYTES / 1024} KiB decoded. An SVG is sanitised (scripts, event handlers, foreignObject, style sheets and references outside the file are removed) and may nest elements at most ${MAX_SVG_DEPTH} deep and have at most ${MAX_SVG_ELEMENTS.toLocaleString('en')} elements; a PNG must decode and its header must declare ${MIN_LOGO_PIXELS} to ${MAX_LOGO_PIXELS} pixels on each side. A file too complex to check within the server's time or memory budget is a 422 \`too_complex\`.`,
    }),
  },
  { title: 'CreateLogoRequest', additionalProperties: false },
);
export type LogoCreate = Static<typeof LogoCreate>;

export const BrandKit = Type.Object(
  {
    id: Type.String({ examples: ['bkt_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    name: Type.String(),
    style: KitStyle,
    pages_default: Type.Boolean({
      description:
        "Whether the workspace's hosted pages wear this kit's `style.page` (docs/decisions.md D82); at most one kit of a workspace is.",
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'BrandKit' },
);
export type BrandKit = Static<typeof BrandKit>;

export const BrandKitCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    style: Type.Optional(KitStyle),
    pages_default: Type.Optional(
      Type.Boolean({
        description:
          "true: every hosted page of the workspace wears this kit's `style.page` (a code whose own kit sets one wears that), and the workspace's other kits stop being the default.",
      }),
    ),
  },
  { title: 'CreateBrandKitRequest', additionalProperties: false },
);
export type BrandKitCreate = Static<typeof BrandKitCreate>;

export const BrandKitUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    style: Type.Optional(KitStyle),
    pages_default: Type.Optional(
      Type.Boolean({
        description:
          "true: every hosted page of the workspace wears this kit's `style.page` (a code whose own kit sets one wears that), and the workspace's other kits stop being the default.",
      }),
    ),
  },
  { title: 'UpdateBrandKitRequest', additionalProperties: false },
);
export type BrandKitUpdate = Static<typeof BrandKitUpdate>;

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const BrandListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
