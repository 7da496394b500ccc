import type { Ecc } from '../../qr/matrix.js';
import type { LabelItem } from '../../qr/label-layout.js';
import { resolveRenderOptions, type RenderDefaults } from '../../qr/options.js';
import { isPlain, type Design } from '../../qr/design.js';
import type { QrImage } from './qr-image.routes.js';
import { qrPayload } from '../codes/index.js';
import type { Code } from '../codes/index.js';

const TYPE_LABEL: Record<string, string> = {
  url: 'Link',
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone',
  sms: 'SMS',
  wifi: 'Wi-Fi',
  vcard: 'Contact (vCard)',
  geo: 'Location',
};

/** A code's stored style first, then the workspace brand colour (resolveRenderOptions checks its contrast). */
export function codeRenderDefaults(code: Code, brandColor: string | null): RenderDefaults {
  const s = code.style;
  return {
    fg: s.foreground ?? undefined,
    bg: s.background ?? undefined,
    ecc: (s.error_correction as Ecc | null) ?? undefined,
    margin: s.margin ?? undefined,
    brandColor,
    design: designOf(s),
  };
}

/**
 * A download is named by what a person calls the code (ids meant nothing in a Downloads
 * folder): its title as an ASCII slug, else its short code, else its id.
 */
export function downloadName(code: Pick<Code, 'id' | 'title' | 'short_code'>): string {
  const slug = (code.title ?? '')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || code.short_code || code.id;
}

/** A code style's design fields as the renderers take them; undefined for a plain code. */
export function designOf(s: Partial<Code['style']>): Design | undefined {
  const design: Design = {};
  if (s.module_shape) design.modules = s.module_shape as Design['modules'];
  if (s.eye_shape) design.eyes = s.eye_shape as Design['eyes'];
  if (s.eye_color) design.eyeColor = s.eye_color;
  if (s.gradient) design.gradient = s.gradient as Design['gradient'];
  return isPlain(design) ? undefined : design;
}

export function codeImage(code: Code, brandColor: string | null): QrImage {
  return {
    payload: qrPayload(code),
    defaults: codeRenderDefaults(code, brandColor),
    fileName: downloadName(code),
    title: code.title ?? undefined,
  };
}

const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

/** Second caption line: where a scan goes. A static code's content is often private (Wi-Fi), so only its kind. */
export function captionOf(code: Code): string {
  if (code.short_url) return withoutScheme(code.short_url);
  if (code.type === 'url' && code.url) return withoutScheme(code.url);
  return TYPE_LABEL[code.type] ?? code.type;
}

/**
 * One label. The code's colours and level apply as on its image; a stored style that would not
 * scan (one saved before saves were checked, src/qr/printable.ts) prints black on white instead of failing the sheet.
 */
export function labelOf(code: Code, brandColor: string | null): LabelItem {
  const resolved = resolveRenderOptions({}, codeRenderDefaults(code, brandColor));
  const colours = resolved.ok ? { fg: resolved.options.fg, bg: resolved.options.bg } : {};
  return {
    payload: qrPayload(code),
    title: code.title ?? undefined,
    caption: captionOf(code),
    ecc: resolved.ok ? resolved.options.ecc : ((code.style.error_correction as Ecc | null) ?? 'M'),
    ...colours,
  };
}
