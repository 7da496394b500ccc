import { darkRects, type QrMatrix } from './matrix.js';
import { num, parseHex } from './color.js';
import { designShapes, isPlain, type Design } from './design.js';
import { designSvg } from './design-draw.js';
import { logoDataUri, sceneOf } from './scene.js';
import { outlineSvg } from './frame.js';

export interface SvgOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /** Width and height attributes in CSS pixels; without size or mm the SVG scales to its box. */
  size?: number;
  /** Width and height attributes in millimetres (ignored when `size` is set). */
  mm?: number;
  /** Accessible name, written as `<title>`. */
  title?: string;
  design?: Design;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/**
 * The path data for all dark modules: one closed subpath per merged rectangle. After `z` the
 * pen is back at the rectangle's corner, so each move is relative to the previous corner:
 * short numbers keep the path about a third smaller than absolute coordinates.
 */
export function svgPathData(m: QrMatrix, margin: number): string {
  let d = '';
  let px = -margin;
  let py = -margin;
  for (const r of darkRects(m)) {
    d += `${d ? 'm' : 'M'}${r.x - px} ${r.y - py}h${r.w}v${r.h}h-${r.w}z`;
    px = r.x;
    py = r.y;
  }
  return d;
}

export function renderSvg(m: QrMatrix, opts: SvgOptions = {}): string {
  const margin = opts.margin ?? 4;
  const fg = opts.fg ?? '#000000';
  const bg = opts.bg ?? '#FFFFFF';
  parseHex(fg);
  parseHex(bg);
  const scene = sceneOf(m, margin, opts.design, fg, bg);
  const { full, width, height } = scene;
  const dim = (f: number) =>
    opts.size !== undefined ? num(opts.size * f) : opts.mm !== undefined ? `${num(opts.mm * f)}mm` : undefined;
  const sizeAttrs =
    dim(1) === undefined ? '' : ` width="${escapeXml(dim(1)!)}" height="${escapeXml(dim(height / width)!)}"`;
  const title = opts.title === undefined ? '' : `<title>${escapeXml(opts.title)}</title>`;
  const designed = !isPlain(opts.design);
  let symbol = `<rect width="${full}" height="${full}" fill="${escapeXml(bg)}"/>`;
  if (designed) {
    const design = opts.design!;
    if (design.eyeColor) parseHex(design.eyeColor);
    if (design.gradient) parseHex(design.gradient.to);
    symbol += designSvg(designShapes(scene.m, margin, design), design, fg, bg, full, escapeXml);
  } else symbol += `<path fill="${escapeXml(fg)}" d="${svgPathData(scene.m, margin)}"/>`;
  let body = symbol;
  if (scene.frame) {
    const { layout, color, textColor } = scene.frame;
    parseHex(color);
    parseHex(textColor);
    body =
      `<rect width="${width}" height="${height}" rx="${layout.radius}" fill="${escapeXml(color)}"/>` +
      `<g transform="translate(${scene.qrX} ${scene.qrY})">${symbol}</g>` +
      `<path fill="${escapeXml(textColor)}" d="${outlineSvg(layout.text.outline)}"/>`;
  }
  if (scene.logo) {
    const { box, logo } = scene.logo;
    body +=
      `<image x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" preserveAspectRatio="xMidYMid meet"` +
      ` href="${logoDataUri(logo)}"/>`;
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 ${width} ${height}"${sizeAttrs}` +
    ` shape-rendering="${designed || scene.frame ? 'geometricPrecision' : 'crispEdges'}" role="img">${title}` +
    body +
    '</svg>\n'
  );
}
