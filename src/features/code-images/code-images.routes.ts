import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { invalid } from '../../http/errors.js';
import { createLabelSheet } from '../../qr/export-pdf.js';
import { qrImageRoutes } from '../../qr/qr.http.js';
import { CodeParams } from '../codes/codes.schemas.js';
import { ExportBody, MAX_EXPORT } from './code-images.schemas.js';
import { imageOfCode, prepareExport, type CodeImagesDeps } from './code-images.service.js';
import previewRoutes from './preview.routes.js';

const tags = ['codes'];

export default async function codeImagesRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const deps: CodeImagesDeps = { db, config, clock };

  qrImageRoutes(app, {
    path: '/v1/codes/:id/qr', params: CodeParams, permission: 'codes.read', tags, operationId: 'getCodeQr', subject: 'a code',
    description: 'A dynamic code encodes its short_url, a static one its content. Paused, expired and pending codes still have an image; a deleted code, or another workspace\'s, is a 404.',
    load: ({ id }, request) => imageOfCode(deps, principalOf(request), id),
  });

  await previewRoutes(app);

  app.post('/v1/codes/export', {
    config: { permission: 'codes.export' },
    schema: {
      operationId: 'exportCodesPdf', tags, summary: `Label sheet PDF of up to ${MAX_EXPORT} codes`,
      description: [
        `Either ids (1 to ${MAX_EXPORT}, printed in that order) or filter (as GET /v1/codes, newest first, at most ${MAX_EXPORT} matches).`,
        'Everything is checked before the PDF starts: an id that is not a live code of this workspace is a 422 naming /ids/<index>, and nothing is rendered.',
        'The PDF is streamed while codes are read 100 at a time, so it is not stored for Idempotency-Key replay: a repeated key runs the export again.',
      ].join(' '),
      body: ExportBody,
      response: { 200: { description: 'Multi-page PDF', content: { 'application/pdf': { schema: Type.String({ contentEncoding: 'binary' }) } } } },
    },
  }, async (request, reply) => {
    const { items, layout } = await prepareExport(deps, principalOf(request), request.body);
    let sheet;
    try {
      sheet = createLabelSheet(items, layout);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      throw invalid([{ pointer: '/layout', detail: `${err.message}; use fewer columns or rows`, code: 'too_small' }]);
    }
    const day = clock.now().toISOString().slice(0, 10);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="qr-codes-${day}.pdf"`).send(sheet as never); // a stream; the schema types the body as the bytes it becomes
  });
}
