// Checking an uploaded logo, part two: the work whose cost grows with the file, done on an image
// worker thread (image.worker.ts) after the header checks of logo-files.ts passed. A PNG must
// decode in full; an SVG is sanitised (no scripts, event handlers, foreignObject or references
// outside the file) and must still draw.
import type createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';
import { PNG } from 'pngjs';
import type { FieldError } from '../../http/errors.js';
import type { CheckedLogo, LogoType } from './logo-files.js';

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
 * jsdom and DOMPurify, loaded by a worker thread with its first SVG (about 0.4 s, off the event
 * loop, and before the task's time budget starts: see image.worker.ts).
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
async function sanitizeSvg(text: string): Promise<CheckedLogo | FieldError[]> {
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
  return { data: Buffer.from(out, 'utf8'), width, height };
}

/** A PNG decoded in full: a truncated or corrupt file fails here. Its size was checked from its header. */
function checkPng(data: Buffer): CheckedLogo | FieldError[] {
  try {
    const { width, height } = PNG.sync.read(data);
    return { data, width, height };
  } catch (err) {
    return [{ pointer: '/data', detail: `is not a readable PNG file: ${(err as Error).message}`, code: 'png' }];
  }
}

/** Checks a file that passed `precheckLogo` as the declared type. */
export function checkLogo(
  contentType: LogoType,
  data: Buffer,
): Promise<CheckedLogo | FieldError[]> | CheckedLogo | FieldError[] {
  return contentType === 'image/png' ? checkPng(data) : sanitizeSvg(data.toString('utf8'));
}
