import { Readable } from 'node:stream';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { principalOf } from '../../http/types.js';
import { consumeExtraUnits } from '../../http/rate-limit.js';
import { qrImageRoutes } from './qr-image.routes.js';
import { CodeParams } from '../codes/index.js';
import { ExportBody, MAX_EXPORT } from './code-images.schemas.js';
import { CODES_PER_RATE_UNIT, imageOfCode, prepareExport, renderExport } from './code-images.service.js';
import { ExportPool } from './export-pool.js';
import previewRoutes from './preview.routes.js';
import thumbnailRoutes from './thumbnails.routes.js';
import { route } from '../../http/route.js';
import { isoDay } from '../../lib/time.js';

const tags = ['codes'];
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

async function codeImagesRoutes(app: App) {
  const { config, clock } = app.deps;
  const exportPool = new ExportPool(config.exports.workers);
  app.addHook('onClose', () => exportPool.close());
  const deps = { ...app.deps, exportPool };

  qrImageRoutes(app, {
    images: app.images,
    path: '/v1/codes/:id/qr',
    params: CodeParams,
    permission: 'codes.read',
    tags,
    operationId: 'getCodeQr',
    subject: 'a code',
    description:
      "A dynamic code encodes its short_url, a static one its content. Paused, expired and pending codes still have an image; a deleted code, or another workspace's, is a 404.",
    load: ({ id }, request) => imageOfCode(deps, principalOf(request), id),
  });

  await previewRoutes(app);
  await thumbnailRoutes(app);

  app.post(
    '/v1/codes/export',
    route('codes.export', {
      operationId: 'exportCodesPdf',
      tags,
      summary: `Label sheet PDF of up to ${MAX_EXPORT} codes`,
      description: [
        `Either ids (1 to ${MAX_EXPORT}, printed in that order) or filter (as GET /v1/codes, newest first, at most ${MAX_EXPORT} matches).`,
        'Everything is checked before the PDF starts: an id that is not a live code of this workspace is a 422 naming /ids/<index>, and nothing is rendered.',
        'The sheet is drawn on a worker thread, so it is not stored for Idempotency-Key replay: a repeated key runs the export again.',
        `It costs 1 request plus 1 per ${CODES_PER_RATE_UNIT} codes (rounded up) of the caller's rate budget: 1,000 codes cost 21.`,
        `A workspace runs at most ${config.exports.perWorkspace} exports at a time (EXPORT_CONCURRENCY_PER_WORKSPACE); one more gets 429 with Retry-After.`,
      ].join(' '),
      body: ExportBody,
      response: {
        200: {
          description: 'Multi-page PDF',
          content: { 'application/pdf': { schema: Type.String({ contentEncoding: 'binary' }) } },
        },
        429: problem(
          'Rate budget used up (exports cost by size), or the workspace already runs its allowed exports; see Retry-After',
        ),
        503: problem('Too many exports are waiting on this instance; see Retry-After'),
      },
    }),
    async (request, reply) => {
      const p = principalOf(request);
      const prepared = await prepareExport(deps, p, request.body);
      await consumeExtraUnits(request, reply, Math.ceil(prepared.count / CODES_PER_RATE_UNIT));
      const pdf = await renderExport(deps, p, prepared);
      const day = isoDay(clock.now());
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="qr-codes-${day}.pdf"`)
          // Sent as a stream so the idempotency store never keeps megabytes of PDF (a repeated key re-runs the export).
          .send(Readable.from([Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)]) as never)
      );
    },
  );
}

export default featurePlugin('code-images-routes', ['images'], codeImagesRoutes);
