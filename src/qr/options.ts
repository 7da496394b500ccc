import { Type, type Static } from 'typebox';
import type { Ecc } from './matrix.js';
import { contrastRatio, HEX_COLOR, luminance } from './color.js';

export { contrastRatio } from './color.js';

/** WCAG's minimum for graphical objects; below it phone cameras start to miss codes too. */
export const MIN_CONTRAST = 3;
/** ISO/IEC 18004 quiet zone, in modules. */
export const STANDARD_MARGIN = 4;

const hex = (what: string) => Type.String({ pattern: HEX_COLOR.source, description: `${what} colour, #RRGGBB.` });

/** Query parameters shared by every QR image route. */
export const QrQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 16, maximum: 4096, description: 'PNG edge in pixels; the largest whole module size that fits is used.' })),
  mm: Type.Optional(Type.Number({ minimum: 5, maximum: 1000, description: 'Physical edge in millimetres (PDF, EPS, SVG width), quiet zone included.' })),
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

export interface RenderDefaults {
  fg?: string;
  bg?: string;
  ecc?: Ecc;
  margin?: number;
  /** Workspace primary colour; used for modules only when it reads well on the background. */
  brandColor?: string | null;
}

export interface ResolvedRenderOptions {
  ecc: Ecc;
  margin: number;
  fg: string;
  bg: string;
  invert: boolean;
  download: boolean;
  size?: number;
  mm?: number;
  dpi?: number;
}

export interface QueryProblem {
  pointer: string;
  detail: string;
  code: 'contrast' | 'inverted';
}

export type ResolveResult =
  | { ok: true; options: ResolvedRenderOptions; warnings: string[] }
  | { ok: false; problems: QueryProblem[] };

function isHex(c: string | null | undefined): c is string {
  return typeof c === 'string' && HEX_COLOR.test(c);
}

function pickForeground(query: QrQuery, defaults: RenderDefaults, bg: string): string {
  if (query.fg) return query.fg;
  if (isHex(defaults.fg)) return defaults.fg;
  const brand = defaults.brandColor;
  if (isHex(brand) && contrastRatio(brand, bg) >= MIN_CONTRAST && luminance(brand) < luminance(bg)) return brand;
  return '#000000';
}

/**
 * Merges query, code style and workspace defaults into the options a renderer takes, and
 * refuses colours that scan badly. `invert=true` means the caller wants light modules on a dark
 * background: dark-on-light colours are swapped, and light-on-dark ones are accepted.
 */
export function resolveRenderOptions(query: QrQuery, defaults: RenderDefaults = {}): ResolveResult {
  let bg = (query.bg ?? (isHex(defaults.bg) ? defaults.bg : '#FFFFFF')).toUpperCase();
  let fg = pickForeground(query, defaults, bg).toUpperCase();
  const invert = query.invert ?? false;
  if (invert && luminance(fg) < luminance(bg)) [fg, bg] = [bg, fg];

  // Point at the colour the caller sent; a code style's colours are not in the query at all.
  const sent = query.fg ? '/query/fg' : query.bg ? '/query/bg' : undefined;
  const problems: QueryProblem[] = [];
  const ratio = contrastRatio(fg, bg);
  if (ratio < MIN_CONTRAST) {
    problems.push({
      pointer: sent ?? '/query/fg',
      code: 'contrast',
      detail: `Contrast between ${fg} and ${bg} is ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed for reliable scanning.`,
    });
  } else if (!invert && luminance(fg) > luminance(bg)) {
    problems.push({
      pointer: sent ?? '/query/invert',
      code: 'inverted',
      detail: `Modules (${fg}) are lighter than the background (${bg}); many scanners cannot read inverted codes. Pass invert=true to allow it.`,
    });
  }
  if (problems.length) return { ok: false, problems };

  const margin = query.margin ?? defaults.margin ?? STANDARD_MARGIN;
  const warnings: string[] = [];
  if (margin < STANDARD_MARGIN) {
    warnings.push(`Quiet zone of ${margin} modules is below the ${STANDARD_MARGIN} that ISO/IEC 18004 requires; some scanners may fail.`);
  }
  if (invert) warnings.push('Inverted code: some older scanners cannot read light modules on a dark background.');
  const options: ResolvedRenderOptions = {
    ecc: query.ecc ?? defaults.ecc ?? 'M',
    margin,
    fg,
    bg,
    invert,
    download: query.download ?? false,
  };
  if (query.size !== undefined) options.size = query.size;
  if (query.mm !== undefined) options.mm = query.mm;
  if (query.dpi !== undefined) options.dpi = query.dpi;
  return { ok: true, options, warnings };
}

/** An RFC 7234 `Warning` header value (code 199, "miscellaneous warning") for one warning. */
export function warningHeader(text: string): string {
  return `199 qrs "${text.replace(/["\\]/g, "'")}"`;
}
