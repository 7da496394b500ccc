// POST /v1/qr/preview: the dashboard's live preview. It renders unsaved content and style with
// the same renderer and option resolution as the image routes, so what the editor shows is what
// the download will be. Stateless: nothing is stored, nothing is audited.
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { badRequest, invalid, type FieldError } from '../../http/errors.js';
import { render, type ContentType } from '../../qr/index.js';
import { encodePayload } from '../../qr/payloads.js';
import { resolveRenderOptions } from '../../qr/options.js';
import { qrContentType } from './qr-image.routes.js';
import { Style } from '../codes/codes.schemas.js';
import { checkContent, checkUrl, SHORT_CODE_LENGTH, shortUrl } from '../codes/codes.fns.js';
import { QR_CONTENT_TYPES } from '../../qr/payloads.js';
import { findWorkspaceLook } from './code-images.repo.js';
import { route } from '../../http/route.js';

export const PreviewBody = Type.Object(
  {
    type: Type.String({ enum: [...QR_CONTENT_TYPES] }),
    dynamic: Type.Optional(
      Type.Boolean({
        description:
          'Default true for url codes, as on create. A dynamic code previews a placeholder short URL of the real length.',
      }),
    ),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'Destination of a url code.' })),
    content: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'Typed payload for non-url types, as on POST /v1/codes.',
      }),
    ),
    style: Type.Optional(Style),
  },
  { additionalProperties: false },
);

const noHosts = { has: () => false };
/** Stands in for the short code a dynamic code gets on save: same length, so the same symbol size. */
const PLACEHOLDER_CODE = '0'.repeat(SHORT_CODE_LENGTH);
const STYLE_POINTER: Record<string, string> = {
  '/query/fg': '/style/foreground',
  '/query/bg': '/style/background',
  '/query/invert': '/style/foreground',
  '/query/ecc': '/style/error_correction',
};

export default async function previewRoutes(app: App) {
  const { db, config } = app.deps;

  app.post(
    '/v1/qr/preview',
    route('codes.read', {
      operationId: 'previewQr',
      tags: ['codes'],
      summary: 'Render an unsaved code as SVG (live preview)',
      description: [
        'Takes the fields of a POST /v1/codes body that shape the symbol (type, dynamic, url, content, style) and answers the SVG the image routes would serve for such a code, with the workspace brand colour applied the same way.',
        `A dynamic code encodes ${config.baseUrl}/r/ followed by a placeholder of the real short code length, so the preview has the density of the saved code. Nothing is stored.`,
        "Counts against the caller's ordinary rate limit (X-RateLimit-* headers). Invalid content, colours below 3:1 contrast, light-on-dark colours and content too long for the error-correction level are 422 with pointers into the body (/url, /content/…, /style/…).",
      ].join(' '),
      body: PreviewBody,
      response: {
        200: { description: 'SVG image of the unsaved code', content: { 'image/svg+xml': { schema: Type.String() } } },
      },
    }),
    async (request, reply) => {
      const body = request.body;
      const type = body.type as ContentType;
      const dynamic = body.dynamic ?? type === 'url';
      const errors: FieldError[] = [];
      if (dynamic && type !== 'url')
        errors.push({ pointer: '/dynamic', detail: 'only url codes can be dynamic', code: 'static_only' });
      let payload = '';
      if (type === 'url') {
        if (body.content !== undefined)
          errors.push({ pointer: '/content', detail: 'url codes take url, not content', code: 'not_allowed' });
        if (body.url === undefined)
          throw badRequest('url is required for a url code.', [
            { pointer: '/url', detail: 'is required', code: 'required' },
          ]);
        const bad = checkUrl(body.url, '/url', noHosts);
        if (bad) errors.push(bad);
        payload = body.url;
      } else {
        if (body.url !== undefined)
          errors.push({ pointer: '/url', detail: `${type} codes take content, not url`, code: 'not_allowed' });
        if (body.content === undefined)
          throw badRequest(`content is required for a ${type} code.`, [
            { pointer: '/content', detail: 'is required', code: 'required' },
          ]);
        const bad = checkContent(type, body.content, '/content');
        errors.push(...bad);
        if (!bad.length) payload = encodePayload(type, body.content as never);
      }
      if (errors.length) throw invalid(errors, errors[0].detail);

      const ws = await findWorkspaceLook(db, principalOf(request).workspaceId);
      if (dynamic) payload = shortUrl(PLACEHOLDER_CODE, config.baseUrl, ws.custom_domain)!;
      const style = body.style ?? {};
      const resolved = resolveRenderOptions(
        {},
        {
          fg: style.foreground ?? undefined,
          bg: style.background ?? undefined,
          ecc: style.error_correction ?? undefined,
          margin: style.margin ?? undefined,
          brandColor: ws.primary_color,
        },
      );
      if (!resolved.ok) {
        const problems = resolved.problems.map((p) => ({ ...p, pointer: STYLE_POINTER[p.pointer] ?? '/style' }));
        throw invalid(problems, problems[0].detail);
      }
      const { invert: _i, download: _d, ...options } = resolved.options;
      try {
        const { body: svg } = await render('svg', payload, options);
        return reply
          .type(qrContentType('svg'))
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          .send(String(svg));
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
        const detail = `The content does not fit a QR symbol at error correction ${options.ecc}; use a lower level or shorter content.`;
        throw invalid([{ pointer: '/style/error_correction', detail, code: 'capacity' }], detail);
      }
    },
  );
}
