import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { QrMatrix } from './matrix.js';
import { parseHex } from './color.js';
import { crc32 } from './crc32.js';
import { covers, designShapes, isPlain, type Design, type Shape } from './design.js';
import { sceneOf } from './scene.js';
import { fittedLogo, localRasteriser, type Rasteriser } from './raster.js';
import { renderSvg } from './svg.js';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /**
   * Edge length in pixels (default 512), exactly: modules get the largest whole number of pixels
   * that fits, so they are never blurred, and the pixels left over widen the quiet zone. A size
   * below the module count still gets 1 pixel per module, i.e. a larger image.
   */
  size?: number;
  /** Pixels per module; overrides `size`. */
  moduleSize?: number;
  /** Written as a pHYs chunk so print software places the image at the intended size. */
  dpi?: number;
  /** shapes and eye colour; a gradient is drawn in the foreground colour (PNG stays a small palette image) */
  design?: Design;
  /** draws a code with a logo or a frame (default: on this thread, uncached) */
  rasteriser?: Rasteriser;
}

/** Whole pixels per module for a requested edge length; at least 1. */
export function pngModuleSize(modulesWithMargin: number, size: number): number {
  return Math.max(1, Math.floor(size / modulesWithMargin));
}

/** PNG stores physical density in pixels per metre. */
export function dpiToPixelsPerMetre(dpi: number): number {
  return Math.round(dpi / 0.0254);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * Unfiltered 1-bit scanlines of a `width`-pixel square: palette index 1 (fg) for dark modules, 0
 * (bg) elsewhere; the symbol starts `offset` pixels in (quiet zone plus the centred remainder).
 */
function scanlines(m: QrMatrix, offset: number, scale: number, width: number): Buffer {
  const stride = 1 + Math.ceil(width / 8); // leading byte: filter type 0
  const raw = Buffer.alloc(stride * width);
  for (let my = 0; my < m.size; my++) {
    const row = Buffer.alloc(stride);
    for (let mx = 0; mx < m.size; mx++) {
      if (m.bits[my * m.size + mx] !== 1) continue;
      const start = offset + mx * scale;
      for (let px = start; px < start + scale; px++) row[1 + (px >> 3)] |= 0x80 >> (px & 7);
    }
    const top = offset + my * scale;
    for (let k = 0; k < scale; k++) row.copy(raw, (top + k) * stride);
  }
  return raw;
}

/**
 * 8-bit palette scanlines of a designed symbol: 0 background, 1 modules, 2 eyes. Each shape sets
 * the pixels whose centre it covers, in painting order (eye holes paint the background back).
 */
function designScanlines(m: QrMatrix, margin: number, scale: number, design: Design, width: number): Buffer {
  // The remainder of an exact requested size is quiet zone, split evenly (as in scanlines).
  const shift = Math.floor((width - (m.size + 2 * margin) * scale) / 2);
  const stride = 1 + width;
  const raw = Buffer.alloc(stride * width);
  const paint = (shapes: Shape[], index: number) => {
    for (const s of shapes) {
      const x0 = Math.floor(s.x * scale);
      const y0 = Math.floor(s.y * scale);
      const x1 = Math.ceil((s.x + s.w) * scale);
      const y1 = Math.ceil((s.y + s.h) * scale);
      for (let py = y0; py < y1; py++)
        for (let px = x0; px < x1; px++)
          if (covers(s, (px + 0.5) / scale, (py + 0.5) / scale)) raw[(py + shift) * stride + 1 + px + shift] = index;
    }
  };
  const shapes = designShapes(m, margin, design);
  paint(shapes.modules, 1);
  paint(shapes.eyeOuter, 2);
  paint(shapes.eyeHole, 0);
  paint(shapes.eyeBall, 2);
  return raw;
}

/**
 * A code with a logo or a frame: our SVG, rasterised with whole pixels per module so modules stay
 * sharp. The image is as wide as asked where that is a whole number of modules, else narrower.
 * The logo is fitted into its box's pixels first, so the SVG carries a small PNG drawn 1:1, never
 * the uploaded file (whose decode grows with it).
 */
async function overlaidPng(m: QrMatrix, opts: PngOptions): Promise<Buffer> {
  const margin = opts.margin ?? 4;
  const { width, logo } = sceneOf(m, margin, opts.design, opts.fg ?? '#000000', opts.bg ?? '#FFFFFF');
  const scale = opts.moduleSize ?? Math.max(4, Math.floor((opts.size ?? 512) / width));
  const { size: _size, rasteriser = localRasteriser, ...svgOpts } = opts;
  if (logo) {
    const px = logo.box.w * scale;
    svgOpts.design = { ...svgOpts.design, logo: fittedLogo(logo.logo, await rasteriser.logo(logo.logo, px), px) };
  }
  const png = await rasteriser.svg(renderSvg(m, svgOpts), width * scale);
  return opts.dpi === undefined ? png : withDensity(png, opts.dpi);
}

/** Inserts a pHYs chunk after IHDR (whose chunk ends at byte 33). */
function withDensity(png: Buffer, dpi: number): Buffer {
  const phys = Buffer.alloc(9);
  const ppm = dpiToPixelsPerMetre(dpi);
  phys.writeUInt32BE(ppm, 0);
  phys.writeUInt32BE(ppm, 4);
  phys[8] = 1;
  return Buffer.concat([png.subarray(0, 33), chunk('pHYs', phys), png.subarray(33)]);
}

export async function renderPng(m: QrMatrix, opts: PngOptions = {}): Promise<Buffer> {
  if (opts.design?.logo || opts.design?.frame) return overlaidPng(m, opts);
  const margin = opts.margin ?? 4;
  const full = m.size + 2 * margin;
  const designed = !isPlain(opts.design);
  // Curves need a few pixels per module to be curves at all.
  const scale = opts.moduleSize ?? Math.max(designed ? 4 : 1, pngModuleSize(full, opts.size ?? 512));
  // Asked 1024 px, a user wants 1024 px: the remainder becomes quiet zone, split evenly.
  const width = opts.moduleSize === undefined ? Math.max(full * scale, opts.size ?? 512) : full * scale;
  const offset = margin * scale + Math.floor((width - full * scale) / 2);

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(width, 4);
  // bit depth 1 (8 for a designed code's three colours), colour type 3 (palette), deflate, no filter, no interlace
  ihdr.set([designed ? 8 : 1, 3, 0, 0, 0], 8);
  const fg = parseHex(opts.fg ?? '#000000');
  const plte = Buffer.from([
    ...parseHex(opts.bg ?? '#FFFFFF'),
    ...fg,
    ...(designed ? (opts.design!.eyeColor ? parseHex(opts.design!.eyeColor) : fg) : []),
  ]);
  const parts = [SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte)];
  if (opts.dpi !== undefined) {
    const phys = Buffer.alloc(9);
    const ppm = dpiToPixelsPerMetre(opts.dpi);
    phys.writeUInt32BE(ppm, 0);
    phys.writeUInt32BE(ppm, 4);
    phys[8] = 1; // unit: metre
    parts.push(chunk('pHYs', phys));
  }
  const raw = designed ? designScanlines(m, margin, scale, opts.design!, width) : scanlines(m, offset, scale, width);
  parts.push(chunk('IDAT', await deflateAsync(raw)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
