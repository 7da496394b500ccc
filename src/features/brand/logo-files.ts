// Checking an uploaded logo before anything is stored: a PNG must decode, an SVG is sanitised
// (no scripts, event handlers, foreignObject or references outside the file) and must still draw.
import type createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';
import { PNG } from 'pngjs';
import type { FieldError } from '../../http/errors.js';

export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Largest accepted file, decoded: a logo is a small mark, and every image of the code carries it. */
export const MAX_LOGO_BYTES = 256 * 1024;
/** Pixel bounds of a PNG logo: enough for print at the sizes a logo takes, no decompression bombs. */
export const MAX_LOGO_PIXELS = 2048;
export const MIN_LOGO_PIXELS = 16;

export interface CheckedLogo {
  data: Buffer;
  width: number;
  height: number;
}

// Only same-document fragments and embedded raster data may be referenced; anything else
// (http:, file:, javascript:, another SVG) would load or run something when the logo is drawn.
const SAFE_REF = /^(#[\w.-]*|data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]*)$/i;
const URL_FN = /url\(\s*(['"]?)(?!#)/i;

interface Sanitizer {
  window: JSDOM['window'];
  purify: ReturnType<typeof createDOMPurify>;
}

let sanitizer: Promise<Sanitizer> | undefined;
/**
 * jsdom and DOMPurify, loaded on the first SVG logo: jsdom alone takes about 0.4 s to import, which
 * every process that starts the app (each test file, each CLI call) paid for the few that take a logo.
 * A server loads it before it takes traffic (`warmUp` in src/app.ts).
 */
export function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= (async () => {
    const [{ JSDOM }, { default: createPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const window = new JSDOM('').window;
    const purify = createPurify(window as unknown as Parameters<typeof createPurify>[0]);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      const value = data.attrValue.trim();
      if ((name === 'href' || name === 'xlink:href' || name === 'src') && !SAFE_REF.test(value)) data.keepAttr = false;
      if (URL_FN.test(value) || /@import|expression\s*\(/i.test(value)) data.keepAttr = false;
    });
    return { window, purify };
  })();
  return sanitizer;
}

/** The sanitised SVG document, or the problems that made it unusable. */
export async function sanitizeSvg(
  text: string,
): Promise<{ svg: string; width: number; height: number } | FieldError[]> {
  const { window, purify } = await loadSanitizer();
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.nodeName !== 'svg' || parsed.getElementsByTagName('parsererror').length) {
    return [{ pointer: '/data', detail: 'is not a well-formed SVG document (root element <svg>)', code: 'svg' }];
  }
  const clean = purify.sanitize(root.outerHTML, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'script', 'use', 'a'],
    RETURN_DOM: true,
  }) as unknown as Element;
  const svg = clean.querySelector('svg');
  if (!svg) return [{ pointer: '/data', detail: 'nothing drawable is left after sanitising', code: 'svg' }];
  const box = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = box.length === 4 && box[2] > 0 ? box[2] : Number.parseFloat(svg.getAttribute('width') ?? '');
  const height = box.length === 4 && box[3] > 0 ? box[3] : Number.parseFloat(svg.getAttribute('height') ?? '');
  if (!(width > 0) || !(height > 0))
    return [{ pointer: '/data', detail: 'an SVG logo needs a viewBox or a width and height', code: 'svg_size' }];
  if (!svg.getAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const out = new window.XMLSerializer().serializeToString(svg);
  return { svg: out, width, height };
}

/** A PNG decoded in full (a truncated or corrupt file fails here), within the pixel bounds. */
function checkPng(data: Buffer): CheckedLogo | FieldError[] {
  let png: PNG;
  try {
    png = PNG.sync.read(data);
  } catch (err) {
    return [{ pointer: '/data', detail: `is not a readable PNG file: ${(err as Error).message}`, code: 'png' }];
  }
  const { width, height } = png;
  if (width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS || width < MIN_LOGO_PIXELS || height < MIN_LOGO_PIXELS)
    return [
      {
        pointer: '/data',
        detail: `a PNG logo must be ${MIN_LOGO_PIXELS} to ${MAX_LOGO_PIXELS} pixels on each side; this one is ${width}×${height}`,
        code: 'dimensions',
      },
    ];
  return { data, width, height };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes the base64 upload and checks it as the declared type. */
export async function checkLogoFile(contentType: LogoType, base64: string): Promise<CheckedLogo | FieldError[]> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s+/g, '')))
    return [{ pointer: '/data', detail: 'must be base64', code: 'base64' }];
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0) return [{ pointer: '/data', detail: 'is empty', code: 'empty' }];
  if (data.length > MAX_LOGO_BYTES)
    return [
      {
        pointer: '/data',
        detail: `a logo may be at most ${MAX_LOGO_BYTES / 1024} KiB; this one is ${Math.ceil(data.length / 1024)} KiB`,
        code: 'too_large',
      },
    ];
  const isPng = data.subarray(0, 8).equals(PNG_SIGNATURE);
  if (contentType === 'image/png') {
    if (!isPng) return [{ pointer: '/content_type', detail: 'the file is not a PNG', code: 'type_mismatch' }];
    return checkPng(data);
  }
  if (isPng) return [{ pointer: '/content_type', detail: 'the file is a PNG, not an SVG', code: 'type_mismatch' }];
  const result = await sanitizeSvg(data.toString('utf8'));
  if (Array.isArray(result)) return result;
  return { data: Buffer.from(result.svg, 'utf8'), width: result.width, height: result.height };
}
