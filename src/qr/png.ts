import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import type { QrMatrix } from './matrix.js';
import { parseHex } from './color.js';
import { crc32 } from './crc32.js';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  fg?: string;
  bg?: string;
  /**
   * Requested edge length in pixels (default 512). The image uses the largest whole number of
   * pixels per module that fits, so it is usually a little smaller than asked, never blurred;
   * a size below the module count still gets 1 pixel per module, i.e. a larger image.
   */
  size?: number;
  /** Pixels per module; overrides `size`. */
  moduleSize?: number;
  /** Written as a pHYs chunk so print software places the image at the intended size. */
  dpi?: number;
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

/** Unfiltered 1-bit scanlines: palette index 1 (fg) for dark modules, 0 (bg) elsewhere. */
function scanlines(m: QrMatrix, margin: number, scale: number): Buffer {
  const full = m.size + 2 * margin;
  const width = full * scale;
  const stride = 1 + Math.ceil(width / 8); // leading byte: filter type 0
  const raw = Buffer.alloc(stride * width);
  for (let my = 0; my < m.size; my++) {
    const row = Buffer.alloc(stride);
    for (let mx = 0; mx < m.size; mx++) {
      if (m.bits[my * m.size + mx] !== 1) continue;
      const start = (mx + margin) * scale;
      for (let px = start; px < start + scale; px++) row[1 + (px >> 3)] |= 0x80 >> (px & 7);
    }
    const top = (my + margin) * scale;
    for (let k = 0; k < scale; k++) row.copy(raw, (top + k) * stride);
  }
  return raw;
}

export async function renderPng(m: QrMatrix, opts: PngOptions = {}): Promise<Buffer> {
  const margin = opts.margin ?? 4;
  const full = m.size + 2 * margin;
  const scale = opts.moduleSize ?? pngModuleSize(full, opts.size ?? 512);
  const width = full * scale;

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.set([1, 3, 0, 0, 0], 8); // bit depth 1, colour type 3 (palette), deflate, no filter, no interlace
  const plte = Buffer.from([...parseHex(opts.bg ?? '#FFFFFF'), ...parseHex(opts.fg ?? '#000000')]);
  const parts = [SIGNATURE, chunk('IHDR', ihdr), chunk('PLTE', plte)];
  if (opts.dpi !== undefined) {
    const phys = Buffer.alloc(9);
    const ppm = dpiToPixelsPerMetre(opts.dpi);
    phys.writeUInt32BE(ppm, 0);
    phys.writeUInt32BE(ppm, 4);
    phys[8] = 1; // unit: metre
    parts.push(chunk('pHYs', phys));
  }
  parts.push(chunk('IDAT', await deflateAsync(scanlines(m, margin, scale))), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
