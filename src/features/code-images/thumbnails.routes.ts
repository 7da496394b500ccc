// GET /v1/codes/thumbnails: the QR images of one page of the codes list in one request. The
// dashboard used to fetch one image per row, 25 requests a page, which spent a Free plan's
// minute of requests on two pages.
import { workspaceLook } from '../workspaces/index.js';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { invalidField } from '../../http/errors.js';
import { render } from '../../qr/index.js';
import { resolveRenderOptions } from '../../qr/options.js';
import { toCode } from '../codes/index.js';
import { findLiveCodes } from './code-images.repo.js';
import { codeImage } from './code-images.fns.js';

export const MAX_THUMBNAILS = 100;

const ThumbnailQuery = Type.Object(
  {
    ids: Type.String({
      minLength: 1,
      maxLength: MAX_THUMBNAILS * 40,
      pattern: '^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$',
      description: `Comma-separated code ids, at most ${MAX_THUMBNAILS}.`,
      examples: ['qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0,qr_01JD3Y2K8Q9XW4T5N6M7P8R9S1'],
    }),
  },
  { additionalProperties: false },
);

const Thumbnail = Type.Object(
  { id: Type.String(), svg: Type.String({ description: 'The SVG the qr.svg route serves for this code.' }) },
  { title: 'CodeThumbnail' },
);

export default async function thumbnailRoutes(app: App) {
  const { db, config, clock } = app.deps;
  app.get(
    '/v1/codes/thumbnails',
    route('codes.read', {
      operationId: 'getCodeThumbnails',
      tags: ['codes'],
      summary: 'QR images of several codes as SVG text, in one request',
      description: `For a list page: up to ${MAX_THUMBNAILS} ids, answered in the order given, each with the SVG that GET /v1/codes/{id}/qr.svg would serve. An id that is not a live code of this workspace (deleted, another workspace's, never existed) is left out, not an error. Counts as one request against the rate limit.`,
      querystring: ThumbnailQuery,
      response: { 200: One(Type.Array(Thumbnail)) },
    }),
    async (request) => {
      const p = principalOf(request);
      const ids = [...new Set(request.query.ids.split(','))];
      if (ids.length > MAX_THUMBNAILS)
        throw invalidField('/query/ids', `at most ${MAX_THUMBNAILS} ids per request`, 'too_many');
      const ws = await workspaceLook(db, p.workspaceId);
      const rows = new Map((await findLiveCodes(db, p.workspaceId, ids)).map((r) => [r.id, r]));
      const ctx = { baseUrl: config.baseUrl, customDomain: ws.custom_domain, now: clock.now() };
      const out: Array<{ id: string; svg: string }> = [];
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        const image = codeImage(toCode(row, ctx), ws.primary_color);
        // A code saved before saves were checked may not resolve; it shows black on white, as on a label sheet.
        const resolved = resolveRenderOptions({}, image.defaults);
        const options = resolved.ok ? resolved.options : { ecc: image.defaults.ecc ?? 'M', margin: 4 };
        const {
          invert: _i,
          download: _d,
          ...renderOptions
        } = options as typeof options & {
          invert?: boolean;
          download?: boolean;
        };
        try {
          const { body } = await render('svg', image.payload, renderOptions);
          out.push({ id, svg: String(body) });
        } catch (err) {
          if (!(err instanceof RangeError)) throw err; // too long for its level: no thumbnail
        }
      }
      return one(request, out);
    },
  );
}
