import type { QrMatrix } from './matrix.js';
import { darkRects } from './matrix.js';
import { num, parseHex } from './color.js';
import { PT_PER_MM, symbolMm } from './units.js';

export interface EpsOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /** Edge length in millimetres including the quiet zone; default 1 mm per module. */
  mm?: number;
  title?: string;
}

function rgb(hex: string): string {
  return parseHex(hex)
    .map((c) => num(c / 255, 4))
    .join(' ');
}

/** DSC text values are single-line; parentheses would need PostScript string escaping. */
function dscText(s: string): string {
  return s
    .replace(/[\r\n()\\]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 200);
}

/**
 * Encapsulated PostScript 3.0: vector rectangles, RGB colour. `%%HiResBoundingBox` is the exact
 * size; `%%BoundingBox` (integers by definition) is that rounded outward.
 */
export function renderEps(m: QrMatrix, opts: EpsOptions = {}): string {
  const margin = opts.margin ?? 4;
  const full = m.size + 2 * margin;
  const size = symbolMm(full, opts.mm) * PT_PER_MM;
  const unit = size / full;
  const lines = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(size)} ${Math.ceil(size)}`,
    `%%HiResBoundingBox: 0 0 ${num(size)} ${num(size)}`,
    `%%Title: ${dscText(opts.title ?? 'QR code')}`,
    '%%Creator: qrs',
    '%%LanguageLevel: 2',
    '%%EndComments',
    '%%BeginProlog',
    // Short name: one call per rectangle, so the file stays compact.
    '/R { rectfill } bind def',
    '%%EndProlog',
    'gsave',
    `${rgb(opts.bg ?? '#FFFFFF')} setrgbcolor`,
    `0 0 ${num(size)} ${num(size)} rectfill`,
    // PostScript's y axis points up; flip it so rows are drawn top-down in module units.
    `0 ${num(size)} translate ${num(unit, 6)} ${num(-unit, 6)} scale`,
    `${rgb(opts.fg ?? '#000000')} setrgbcolor`,
  ];
  for (const r of darkRects(m)) lines.push(`${r.x + margin} ${r.y + margin} ${r.w} ${r.h} R`);
  lines.push('grestore', 'showpage', '%%Trailer', '%%EOF', '');
  return lines.join('\n');
}
