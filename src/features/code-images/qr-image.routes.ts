// HTTP delivery of one QR image, shared by every image route (codes now, battery passports
// next): option resolution against the resource's defaults, conditional GET, and the headers a
// browser, a `curl -OJ` and a print workflow each need.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { route } from '../../http/route.js';
import type { App } from '../../http/types.js';
import type { Permission } from '../../http/permissions.js';
import { invalid } from '../../http/errors.js';
import { etagMatches, etagOf } from '../../http/etag.js';
import { MEDIA_TYPES, QR_FORMATS, render, type QrFormat } from '../../qr/index.js';
import {
  MIN_CONTRAST,
  resolveRenderOptions,
  warningHeader,
  type RenderDefaults,
  type ResolvedRenderOptions,
} from '../../qr/options.js';
import type { ImageWorkers } from '../brand/index.js';
import { QrQuery } from './qr-image.schemas.js';

/** What a route knows about the resource whose image it serves. */
export interface QrImage {
  /** The exact text the symbol holds. */
  payload: string;
  /** The resource's style and the workspace brand colour; query parameters override them. */
  defaults: RenderDefaults;
  /** File name without extension for Content-Disposition; reduced to [A-Za-z0-9._-]. */
  fileName: string;
  /** Document title: SVG `<title>`, PDF and EPS metadata. */
  title?: string;
}

/**
 * Browsers may keep an image five minutes without asking; after that a revalidation costs one
 * lookup and a hash, not a render. `private`: the image belongs to an authenticated workspace,
 * so no shared cache may keep it.
 */
export const QR_CACHE_CONTROL = 'private, max-age=300';

/** Bump when a renderer's output changes, so clients holding an old ETag get the new bytes. */
const RENDER_REVISION = 3;

export function qrContentType(format: QrFormat): string {
  return format === 'svg' ? `${MEDIA_TYPES.svg}; charset=utf-8` : MEDIA_TYPES[format];
}

/** A quoted-string-safe ASCII file name; never empty. */
export function safeFileName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 100) || 'qr'
  );
}

/**
 * Hash of everything that shapes the bytes. Every renderer is deterministic (the PDF has a fixed
 * CreationDate), so the tag is strong: equal tags mean byte-identical bodies.
 */
export function qrEtag(format: QrFormat, payload: string, options: ResolvedRenderOptions, title?: string): string {
  // A logo enters the tag by its hash: its bytes would make the hashed text large.
  const logo = options.design?.logo;
  const shaped = logo
    ? {
        ...options,
        design: { ...options.design, logo: { ...logo, data: createHash('sha256').update(logo.data).digest('hex') } },
      }
    : options;
  return etagOf(JSON.stringify([RENDER_REVISION, format, payload, shaped, title ?? null]));
}

/**
 * Resolves the query (`request.query`, validated by QrQuery) against `image.defaults`, then
 * answers 304, or renders and sends the image. Throws 422 validation-error for colours that would
 * not scan and for a payload that does not fit at the asked error-correction level.
 */
export async function sendQrImage(
  request: FastifyRequest,
  reply: FastifyReply,
  format: QrFormat,
  image: QrImage,
  images: ImageWorkers,
): Promise<FastifyReply> {
  const resolved = resolveRenderOptions(request.query as QrQuery, image.defaults);
  if (!resolved.ok) throw invalid(resolved.problems, resolved.problems[0].detail);
  const { options, warnings } = resolved;

  const etag = qrEtag(format, image.payload, options, image.title);
  reply
    .header('etag', etag)
    .header('cache-control', QR_CACHE_CONTROL)
    .header('vary', 'Authorization, Cookie, X-Workspace-Id');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  let body: Buffer | string;
  try {
    const { invert: _invert, download: _download, ...renderOptions } = options;
    // Logos and frames are drawn on the image workers, fitted logos kept (docs/decisions.md D55).
    const rasteriser = images.rasteriser;
    ({ body } = await render(format, image.payload, { ...renderOptions, title: image.title, rasteriser }));
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const detail = `The content does not fit a QR symbol at error correction ${options.ecc}; use a lower level or shorter content.`;
    throw invalid([{ pointer: '/query/ecc', detail, code: 'capacity' }], detail);
  }

  const disposition = options.download ? 'attachment' : 'inline';
  reply
    .type(qrContentType(format))
    .header('content-disposition', `${disposition}; filename="${safeFileName(image.fileName)}.${format}"`)
    .header('x-content-type-options', 'nosniff');
  // An SVG opened directly is a document; it has no business running scripts or loading anything.
  if (format === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  // One field, comma-separated (RFC 9111 list syntax), so every client sees all warnings.
  if (warnings.length) reply.header('warning', warnings.map(warningHeader).join(', '));
  return reply.send(body);
}

export interface QrImageRoutes<P extends TSchema> {
  /** Path without the extension: '/v1/codes/:id/qr' gives '/v1/codes/:id/qr.svg', '.png', … */
  path: string;
  params: P;
  permission: Permission;
  tags: string[];
  /** Prefix of the four operation ids: 'getCodeQr' gives getCodeQrSvg, getCodeQrPng, … */
  operationId: string;
  /** Noun phrase, e.g. 'a code'; the summary reads "QR image of a code as SVG". */
  subject: string;
  description?: string;
  /** the image workers (app.images: the calling plugin declares image-workers) */
  images: ImageWorkers;
  /** Loads the resource (throwing notFound for another tenant's) and says what to draw. */
  load: (params: Static<P>, request: FastifyRequest) => Promise<QrImage>;
}

const FORMAT_NAME: Record<QrFormat, string> = { svg: 'SVG', png: 'PNG', pdf: 'PDF', eps: 'EPS' };

const QR_DESCRIPTION = [
  `Colours, error correction and quiet zone default to the resource's style, then the workspace primary colour (used only when it keeps ${MIN_CONTRAST}:1 contrast on the background), then black on white, ECC M, 4 modules.`,
  `Colours with less than ${MIN_CONTRAST}:1 contrast, or light modules on a dark background without invert=true, are a 422.`,
  `Responses carry a strong ETag and Cache-Control: ${QR_CACHE_CONTROL}; If-None-Match answers 304.`,
  'A quiet zone below 4 modules, and invert=true, add a `Warning: 199 qrs "…"` header. download=true answers Content-Disposition: attachment.',
  "A logo the server cannot draw within its image workers' time or memory budget is a 422 `too_complex` on /style/logo_id.",
].join(' ');

function imageResponse(format: QrFormat) {
  const schema = format === 'svg' ? Type.String() : Type.String({ contentEncoding: 'binary' });
  return {
    200: { description: `${FORMAT_NAME[format]} image`, content: { [MEDIA_TYPES[format]]: { schema } } },
    304: { description: 'Not modified: the If-None-Match tag still matches', type: 'null' },
  };
}

/** Registers GET `${path}.svg|png|pdf|eps`, each loading the resource and sending its image. */
export function qrImageRoutes<P extends TSchema>(app: App, opts: QrImageRoutes<P>): void {
  for (const format of QR_FORMATS) {
    const ext = FORMAT_NAME[format];
    app.get(
      `${opts.path}.${format}`,
      route(opts.permission, {
        operationId: `${opts.operationId}${ext[0]}${ext.slice(1).toLowerCase()}`,
        tags: opts.tags,
        summary: `QR image of ${opts.subject} as ${ext}`,
        description: [opts.description, QR_DESCRIPTION].filter(Boolean).join('\n\n'),
        params: opts.params,
        querystring: QrQuery,
        response: imageResponse(format),
      }),
      async (request, reply) =>
        sendQrImage(request, reply, format, await opts.load(request.params as Static<P>, request), opts.images),
    );
  }
}
