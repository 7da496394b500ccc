import type { App } from '../../../http/types.js';
import { principalOf } from '../../../http/types.js';
import { CodeParams } from '../../codes/index.js';
import { CodeExportQuery, ScansCsv, WorkspaceExportQuery } from './scans-export.schemas.js';
import { prepareCodeExport, prepareWorkspaceExport } from './scans-export.service.js';
import { route } from '../../../http/route.js';

const tags = ['analytics'];
const STREAMED =
  'Streamed while scans are read 1,000 at a time, so memory stays flat whatever the size; ' +
  'everything is checked before the first byte. Cells a spreadsheet would run as a formula (starting with = + - @) get a leading apostrophe.';

export default async function scansExportRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/codes/:id/scans.csv',
    route('scans.read', {
      operationId: 'exportCodeScansCsv',
      tags,
      summary: 'Raw scans of a code as CSV, oldest first',
      description: `${STREAMED} A code of another workspace is a 404.`,
      params: CodeParams,
      querystring: CodeExportQuery,
      response: { 200: ScansCsv },
    }),
    async (request, reply) => {
      const out = await prepareCodeExport(deps, principalOf(request), request.params.id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .send(out.stream as never);
    },
  );

  app.get(
    '/v1/scans.csv',
    route('scans.read', {
      operationId: 'exportWorkspaceScansCsv',
      tags,
      summary: 'Raw scans of the workspace in a date range as CSV',
      description: `Scans of every code of the current workspace (deleted codes included), code by code in id order, each code's scans oldest first. ${STREAMED}`,
      querystring: WorkspaceExportQuery,
      response: { 200: ScansCsv },
    }),
    async (request, reply) => {
      const out = await prepareWorkspaceExport(deps, principalOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .send(out.stream as never);
    },
  );
}
