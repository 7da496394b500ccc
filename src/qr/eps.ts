import type { QrMatrix } from './matrix.js';
import { darkRects } from './matrix.js';
import { num, parseHex } from './color.js';
import { PT_PER_MM, symbolMm } from './units.js';
import { designShapes, isPlain, type Design, type Shape } from './design.js';
import { sceneOf } from './scene.js';
import { localRasteriser, logoRgb, type Rasteriser } from './raster.js';
import { outlinePs } from './frame.js';
import type { PlacedLogo } from './logo.js';

export interface EpsOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /** Edge length in millimetres including the quiet zone; default 1 mm per module. */
  mm?: number;
  title?: string;
  /** shapes and eye colour; a gradient is drawn in the foreground colour */
  design?: Design;
  /** fits the logo into its pixels (default: on this thread, uncached) */
  rasteriser?: Rasteriser;
}

function shapeOps(shapes: Shape[]): string[] {
  return shapes.map((s) =>
    s.r > 0
      ? `${num(s.x)} ${num(s.y)} ${num(s.w)} ${num(s.h)} ${num(Math.min(s.r, s.w / 2))} RR`
      : `${num(s.x)} ${num(s.y)} ${num(s.w)} ${num(s.h)} R`,
  );
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

/** Pixels for the logo's box in EPS: fine enough for print, small enough as hexadecimal text. */
const LOGO_PX = 160;

/** A logo box as an RGB image (Level 2 `image` dictionary, hexadecimal data inline), in y-down module units. */
async function logoOps(
  logo: PlacedLogo,
  box: { x: number; y: number; w: number; h: number },
  bg: string,
  rasteriser: Rasteriser,
): Promise<string[]> {
  const rgb = logoRgb(await rasteriser.logo(logo, LOGO_PX), LOGO_PX, parseHex(bg));
  const hex = rgb.toString('hex');
  const lines = [
    'gsave',
    `${num(box.x)} ${num(box.y)} translate ${num(box.w)} ${num(box.h)} scale`,
    '/DeviceRGB setcolorspace',
  ];
  lines.push(
    `<< /ImageType 1 /Width ${LOGO_PX} /Height ${LOGO_PX} /BitsPerComponent 8 /Decode [0 1 0 1 0 1]` +
      ` /ImageMatrix [${LOGO_PX} 0 0 ${LOGO_PX} 0 0] /DataSource currentfile /ASCIIHexDecode filter >> image`,
  );
  for (let i = 0; i < hex.length; i += 120) lines.push(hex.slice(i, i + 120));
  lines.push('>', 'grestore');
  return lines;
}

/**
 * Encapsulated PostScript 3.0: vector rectangles, RGB colour. `%%HiResBoundingBox` is the exact
 * size; `%%BoundingBox` (integers by definition) is that rounded outward. A frame's text is drawn
 * as glyph outlines, so no font has to be present where the file is printed.
 */
export async function renderEps(m: QrMatrix, opts: EpsOptions = {}): Promise<string> {
  const margin = opts.margin ?? 4;
  const fg = opts.fg ?? '#000000';
  const bg = opts.bg ?? '#FFFFFF';
  const scene = sceneOf(m, margin, opts.design, fg, bg);
  const width = symbolMm(scene.width, opts.mm) * PT_PER_MM;
  const unit = width / scene.width;
  const height = unit * scene.height;
  const lines = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(width)} ${Math.ceil(height)}`,
    `%%HiResBoundingBox: 0 0 ${num(width)} ${num(height)}`,
    `%%Title: ${dscText(opts.title ?? 'QR code')}`,
    '%%Creator: qrs',
    '%%LanguageLevel: 2',
    '%%EndComments',
    '%%BeginProlog',
    // Short name: one call per rectangle, so the file stays compact.
    '/R { rectfill } bind def',
    // x y w h r RR: a rectangle with rounded corners (a circle when r is half the edge).
    '/RR { 5 dict begin /r exch def /h exch def /w exch def /y exch def /x exch def newpath x r add y moveto ' +
      'x w add y x w add y h add r arct x w add y h add x y h add r arct x y h add x y r arct x y x w add y r arct ' +
      'closepath fill end } bind def',
    '%%EndProlog',
    'gsave',
  ];
  if (scene.frame) lines.push(`${rgb(scene.frame.color)} setrgbcolor`);
  else lines.push(`${rgb(bg)} setrgbcolor`, `0 0 ${num(width)} ${num(height)} rectfill`);
  // PostScript's y axis points up; flip it so rows are drawn top-down in module units.
  lines.push(`0 ${num(height)} translate ${num(unit, 6)} ${num(-unit, 6)} scale`);
  if (scene.frame) {
    lines.push(`0 0 ${scene.width} ${scene.height} ${scene.frame.layout.radius} RR`);
    lines.push(`${rgb(bg)} setrgbcolor`, `${scene.qrX} ${scene.qrY} ${scene.full} ${scene.full} R`);
  }
  if (scene.frame) lines.push('gsave', `${scene.qrX} ${scene.qrY} translate`);
  lines.push(`${rgb(fg)} setrgbcolor`);
  if (!isPlain(opts.design)) {
    const d = opts.design!;
    const s = designShapes(scene.m, margin, d);
    const eye = `${rgb(d.eyeColor ?? fg)} setrgbcolor`;
    lines.push(...shapeOps(s.modules), eye, ...shapeOps(s.eyeOuter));
    lines.push(`${rgb(bg)} setrgbcolor`, ...shapeOps(s.eyeHole), eye, ...shapeOps(s.eyeBall));
  } else for (const r of darkRects(scene.m)) lines.push(`${r.x + margin} ${r.y + margin} ${r.w} ${r.h} R`);
  if (scene.frame) lines.push('grestore');
  if (scene.logo)
    lines.push(...(await logoOps(scene.logo.logo, scene.logo.box, bg, opts.rasteriser ?? localRasteriser)));
  if (scene.frame) {
    lines.push(`${rgb(scene.frame.textColor)} setrgbcolor`, 'newpath');
    lines.push(...outlinePs(scene.frame.layout.text.outline), 'fill');
  }
  lines.push('grestore', 'showpage', '%%Trailer', '%%EOF', '');
  return lines.join('\n');
}
