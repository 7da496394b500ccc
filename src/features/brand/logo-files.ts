// Checking an uploaded logo, part one: what the request's thread does. Everything here reads only
// a header or scans the text once, so it costs time linear in the (at most 256 KiB) file and
// refuses a decompression bomb or a nesting bomb before any decoder sees it. The decode and the
// sanitising that follow run on the image workers (logo-check.ts, docs/decisions.md D55).
import { SaxesParser } from 'saxes';
import type { FieldError } from '../../http/errors.js';

export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Largest accepted file, decoded: a logo is a small mark, and every image of the code carries it. */
export const MAX_LOGO_BYTES = 256 * 1024;
/** Pixel bounds of a PNG logo: enough for print at the sizes a logo takes, no decompression bombs. */
export const MAX_LOGO_PIXELS = 2048;
export const MIN_LOGO_PIXELS = 16;
/**
 * Element nesting an SVG logo may have. Drawing tools nest a mark a handful of levels deep; the
 * sanitiser's DOM walks recurse once a level, and 2,000 levels took it 8.9 s (docs/decisions.md D55).
 */
export const MAX_SVG_DEPTH = 64;
/**
 * Elements an SVG logo may have: a detailed traced mark has a few hundred to a few thousand paths,
 * and the sanitiser costs about 0.2-0.3 ms an element (5,000: 1-2 s of a worker thread).
 */
export const MAX_SVG_ELEMENTS = 5_000;

/** A logo that passed the checks: the file as stored and its intrinsic size (pixels, or SVG units). */
export interface CheckedLogo {
  data: Buffer;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Bit depths the PNG specification allows for each colour type (11.2.2, table 11.1).
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const fault = (detail: string, code: string, pointer = '/data'): FieldError[] => [{ pointer, detail, code }];

/**
 * The PNG's declared size from its IHDR chunk, which the format puts first: a decoder allocates
 * width × height × depth, so a file of 8 KB of zeros declaring 16,000² pixels is refused here.
 */
export function checkPngHeader(data: Buffer): FieldError[] {
  if (data.length < 33 || data.toString('latin1', 12, 16) !== 'IHDR' || data.readUInt32BE(8) !== 13)
    return fault('is not a readable PNG file: it does not start with an IHDR chunk', 'png');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const [depth, colour, compression, filter, interlace] = data.subarray(24, 29);
  if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
    return fault(
      `is not a readable PNG file: bit depth ${depth} with colour type ${colour} is not a PNG format`,
      'png',
    );
  if (width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS || width < MIN_LOGO_PIXELS || height < MIN_LOGO_PIXELS)
    return fault(
      `a PNG logo must be ${MIN_LOGO_PIXELS} to ${MAX_LOGO_PIXELS} pixels on each side; this one is ${width}×${height}`,
      'dimensions',
    );
  return [];
}

class TooComplex extends Error {}

/**
 * Element count and nesting of an SVG, read with saxes (the XML parser jsdom itself uses, so a
 * file it refuses here would not parse there either). It stops at the first element past a bound.
 */
export function checkSvgShape(text: string): FieldError[] {
  const parser = new SaxesParser();
  let depth = 0;
  let elements = 0;
  parser.on('opentagstart', () => {
    if (++elements > MAX_SVG_ELEMENTS)
      throw new TooComplex(`an SVG logo may have at most ${MAX_SVG_ELEMENTS.toLocaleString('en')} elements`);
    if (++depth > MAX_SVG_DEPTH) throw new TooComplex(`an SVG logo may nest elements at most ${MAX_SVG_DEPTH} deep`);
  });
  parser.on('closetag', () => depth--);
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof TooComplex) return fault(err.message, 'too_complex');
    return fault(`is not a well-formed SVG document: ${(err as Error).message}`, 'svg');
  }
  return [];
}

/**
 * Decodes the base64 upload and runs the header checks for the declared type: the bytes when they
 * may go on to the image workers, else the problems.
 */
export function precheckLogo(contentType: LogoType, base64: string): Buffer | FieldError[] {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s+/g, ''))) return fault('must be base64', 'base64');
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) return fault('is empty', 'empty');
  if (data.length > MAX_LOGO_BYTES)
    return fault(
      `a logo may be at most ${MAX_LOGO_BYTES / 1024} KiB; this one is ${Math.ceil(data.length / 1024)} KiB`,
      'too_large',
    );
  const isPng = data.subarray(0, 8).equals(PNG_SIGNATURE);
  if (contentType === 'image/png') {
    if (!isPng) return fault('the file is not a PNG', 'type_mismatch', '/content_type');
    const bad = checkPngHeader(data);
    return bad.length ? bad : data;
  }
  if (isPng) return fault('the file is a PNG, not an SVG', 'type_mismatch', '/content_type');
  const bad = checkSvgShape(data.toString('utf8'));
  return bad.length ? bad : data;
}
