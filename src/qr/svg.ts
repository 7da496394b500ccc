import { darkRects, type QrMatrix } from './matrix.js';
import { num, parseHex } from './color.js';

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
  const full = m.size + 2 * margin;
  const dim = opts.size !== undefined ? String(opts.size) : opts.mm !== undefined ? `${num(opts.mm)}mm` : undefined;
  const sizeAttrs = dim === undefined ? '' : ` width="${escapeXml(dim)}" height="${escapeXml(dim)}"`;
  const title = opts.title === undefined ? '' : `<title>${escapeXml(opts.title)}</title>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 ${full} ${full}"${sizeAttrs}` +
    ` shape-rendering="crispEdges" role="img">${title}` +
    `<rect width="${full}" height="${full}" fill="${escapeXml(bg)}"/>` +
    `<path fill="${escapeXml(fg)}" d="${svgPathData(m, margin)}"/></svg>\n`
  );
}
