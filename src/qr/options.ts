import type { Ecc } from './matrix.js';
import { contrastRatio, HEX_COLOR, luminance } from './color.js';
import type { Design } from './design.js';

export { contrastRatio } from './color.js';

/** WCAG's minimum for graphical objects; below it phone cameras start to miss codes too. */
export const MIN_CONTRAST = 3;
/** ISO/IEC 18004 quiet zone, in modules. */
export const STANDARD_MARGIN = 4;

/**
 * What a caller asks of one image; the image routes validate it first (QrQuery in
 * features/code-images/qr-image.schemas.ts), so this module stays free of HTTP schemas.
 */
export interface RenderQuery {
  size?: number;
  mm?: number;
  margin?: number;
  ecc?: Ecc;
  fg?: string;
  bg?: string;
  dpi?: number;
  invert?: boolean;
  download?: boolean;
}

export interface RenderDefaults {
  fg?: string;
  bg?: string;
  ecc?: Ecc;
  margin?: number;
  /** Workspace primary colour; used for modules only when it reads well on the background. */
  brandColor?: string | null;
  /** shapes, eye colour and gradient of a designed code */
  design?: Design;
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
  design?: Design;
}

export interface QueryProblem {
  pointer: string;
  detail: string;
  code: 'contrast' | 'inverted';
}

/** The design's own colours must read on the background as the modules must (pointers into a code's style). */
function designProblems(design: Design | undefined, bg: string): QueryProblem[] {
  const out: QueryProblem[] = [];
  const check = (colour: string | undefined, pointer: string) => {
    if (!colour) return;
    const ratio = contrastRatio(colour, bg);
    if (ratio < MIN_CONTRAST)
      out.push({
        pointer,
        code: 'contrast',
        detail: `Contrast between ${colour} and ${bg} is ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed for reliable scanning.`,
      });
  };
  check(design?.eyeColor, '/style/eye_color');
  check(design?.gradient?.to, '/style/gradient/to');
  return out;
}

export type ResolveResult =
  { ok: true; options: ResolvedRenderOptions; warnings: string[] } | { ok: false; problems: QueryProblem[] };

function isHex(c: string | null | undefined): c is string {
  return typeof c === 'string' && HEX_COLOR.test(c);
}

function pickForeground(query: RenderQuery, defaults: RenderDefaults, bg: string): string {
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
export function resolveRenderOptions(query: RenderQuery, defaults: RenderDefaults = {}): ResolveResult {
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
  problems.push(...designProblems(defaults.design, bg));
  if (problems.length) return { ok: false, problems };

  const margin = query.margin ?? defaults.margin ?? STANDARD_MARGIN;
  const warnings: string[] = [];
  if (margin < STANDARD_MARGIN) {
    warnings.push(
      `Quiet zone of ${margin} modules is below the ${STANDARD_MARGIN} that ISO/IEC 18004 requires; some scanners may fail.`,
    );
  }
  if (invert) warnings.push('Inverted code: some older scanners cannot read light modules on a dark background.');
  const options: ResolvedRenderOptions = {
    ecc: defaults.design?.logo ? 'H' : (query.ecc ?? defaults.ecc ?? 'M'),
    margin,
    fg,
    bg,
    invert,
    download: query.download ?? false,
  };
  if (query.size !== undefined) options.size = query.size;
  if (query.mm !== undefined) options.mm = query.mm;
  if (query.dpi !== undefined) options.dpi = query.dpi;
  if (defaults.design) options.design = defaults.design;
  return { ok: true, options, warnings };
}

/** An RFC 7234 `Warning` header value (code 199, "miscellaneous warning") for one warning. */
export function warningHeader(text: string): string {
  return `199 qrs "${text.replace(/["\\]/g, "'")}"`;
}
