// POST /v1/qr/preview: the dashboard's live preview. It renders unsaved content and style with
// the same renderer and option resolution as the image routes, so what the editor shows is what
// the download will be. Stateless: nothing is stored, nothing is audited.
import { workspaceLook } from '../workspaces/index.js';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { badRequest, invalid, type FieldError } from '../../http/errors.js';
import { render, type ContentType } from '../../qr/index.js';
import { encodePayload } from '../../qr/payloads.js';
import { resolveRenderOptions } from '../../qr/options.js';
import { printProblems } from '../../qr/printable.js';
import { qrContentType } from './qr-image.routes.js';
import {
  Style,
  checkContent,
  checkUrl,
  normalizeUrl,
  withHttps,
  SHORT_CODE_LENGTH,
  shortUrl,
  defaultDynamic,
  isPageOnly,
  isPageType,
  PAGE_ONLY_TYPES,
} from '../codes/index.js';
import { QR_CONTENT_TYPES } from '../../qr/payloads.js';
import { designOf } from './code-images.fns.js';
import { withLogoAndFrame } from './code-images.service.js';
import { checkDesignRefs, effectiveStyle } from '../brand/index.js';
import { route } from '../../http/route.js';

export const PreviewBody = Type.Object(
  {
    type: Type.String({ enum: [...QR_CONTENT_TYPES, ...PAGE_ONLY_TYPES] }),
    dynamic: Type.Optional(
      Type.Boolean({
        description:
          'Default true for url, links, pdf and app codes, as on create. A dynamic code previews a placeholder short URL of the real length.',
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

// The image routes' query names, as fields of the style a preview body sends.
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
        'Takes the fields of a POST /v1/codes body that shape the symbol (type, dynamic, url, content, style) and answers the SVG the image routes would serve for such a code, with the workspace brand colour applied the same way. A brand kit named by style.brand_kit_id fills the fields the style leaves null, and its logo and frame are drawn, as on the saved code.',
        `A dynamic code encodes ${config.baseUrl}/r/ followed by a placeholder of the real short code length, so the preview has the density of the saved code. Nothing is stored.`,
        "Counts against the caller's ordinary rate limit (X-RateLimit-* headers). Invalid content, colours below 3:1 contrast, light-on-dark colours and content too long for the error-correction level, a logo too large for level H to recover, and a logo or brand kit not of this workspace are 422 with pointers into the body (/url, /content/…, /style/…).",
      ].join(' '),
      body: {
        ...PreviewBody,
        examples: [{ type: 'url', url: 'https://example.com/spring-sale', style: { foreground: '#1A237E' } }],
      },
      response: {
        200: { description: 'SVG image of the unsaved code', content: { 'image/svg+xml': { schema: Type.String() } } },
      },
    }),
    async (request, reply) => {
      const body = request.body;
      const type = body.type as ContentType;
      const dynamic = body.dynamic ?? defaultDynamic(type);
      const errors: FieldError[] = [];
      if (dynamic && type !== 'url' && !isPageType(type))
        errors.push({ pointer: '/dynamic', detail: `a ${type} code is always static`, code: 'static_only' });
      if (!dynamic && isPageOnly(type))
        errors.push({ pointer: '/dynamic', detail: `a ${type} code is always dynamic`, code: 'dynamic_only' });
      let payload = '';
      if (type === 'url') {
        if (body.content !== undefined)
          errors.push({ pointer: '/content', detail: 'url codes take url, not content', code: 'not_allowed' });
        if (body.url === undefined)
          throw badRequest('url is required for a url code.', [
            { pointer: '/url', detail: 'is required', code: 'required' },
          ]);
        // Completed as a save completes it (example.com/spring → https://…), so the preview
        // accepts what Create accepts and encodes what Create stores.
        const url = withHttps(body.url);
        const bad = checkUrl(url, '/url', noHosts);
        if (bad) errors.push(bad);
        else payload = normalizeUrl(url);
      } else {
        if (body.url !== undefined)
          errors.push({ pointer: '/url', detail: `${type} codes take content, not url`, code: 'not_allowed' });
        if (body.content === undefined)
          throw badRequest(`content is required for a ${type} code.`, [
            { pointer: '/content', detail: 'is required', code: 'required' },
          ]);
        const bad = checkContent(type, body.content, '/content');
        errors.push(...bad);
        if (!bad.length && !isPageOnly(type)) payload = encodePayload(type, body.content as never);
      }
      const workspaceId = principalOf(request).workspaceId;
      errors.push(...(await checkDesignRefs(app.deps, workspaceId, body.style, '/style')));
      if (errors.length) throw invalid(errors, errors[0].detail);

      const ws = await workspaceLook(db, workspaceId);
      if (dynamic) payload = shortUrl(PLACEHOLDER_CODE, config.baseUrl, ws.custom_domain)!;
      // Drawn as the saved code would be: its brand kit under its own fields, its logo and frame (docs/decisions.md D23).
      const style = await effectiveStyle(app.deps, workspaceId, body.style ?? {});
      // The same check a save runs (src/qr/printable.ts), so the preview refuses exactly what Create would.
      const problems = printProblems(payload, style, type === 'url' ? '/url' : '/content', ws.primary_color);
      if (problems.length) throw invalid(problems, problems[0].detail);
      const defaults = await withLogoAndFrame(app.deps, workspaceId, style, {
        fg: style.foreground ?? undefined,
        bg: style.background ?? undefined,
        ecc: style.error_correction ?? undefined,
        margin: style.margin ?? undefined,
        brandColor: ws.primary_color,
        design: designOf(style),
      });
      const resolved = resolveRenderOptions({}, defaults);
      if (!resolved.ok) {
        const problems = resolved.problems.map((p) => ({
          ...p,
          pointer: STYLE_POINTER[p.pointer] ?? (p.pointer.startsWith('/style/') ? p.pointer : '/style'),
        }));
        throw invalid(problems, problems[0].detail);
      }
      const { invert: _i, download: _d, ...options } = resolved.options;
      const { body: svg } = await render('svg', payload, options);
      return reply
        .type(qrContentType('svg'))
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(String(svg));
    },
  );
}
