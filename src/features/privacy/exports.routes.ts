import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { CreateExportBody, ExportListQuery, ExportParams, ExportZip, PrivacyExport } from './exports.schemas.js';
import { createExport, getExport, listExports, openDownload, sweepExports } from './exports.service.js';

const tags = ['privacy'];
const who = 'Sessions only; API keys get 403. Only the person who asked sees an export; anyone else gets 404.';

/**
 * Data-protection exports (GDPR Art. 15/20). The ZIP is written in the background by this
 * process, one export at a time: a request kicks the worker, and every PRIVACY_EXPORT_SWEEP_MS it
 * also picks up exports left pending (another instance's, or from before a restart) and deletes
 * expired ones.
 */
export default async function exportsRoutes(app: App) {
  const deps = app.deps;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const onError = (err: unknown) => app.log.error({ err }, 'privacy export failed');
  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = sweepExports(deps, onError)
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const ctx = { ...deps, kick };
  const { sweepMs } = deps.config.privacyExports;
  const timer = sweepMs > 0 ? setInterval(kick, sweepMs) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running;
  });

  app.post(
    '/v1/privacy/exports',
    route('privacy.self', {
      operationId: 'createPrivacyExport',
      tags,
      summary: 'Request an export of your data, or of the organization (GDPR Art. 15, 20)',
      description: `${who} scope "user" (default): your profile, memberships, session metadata, API keys, comments and the audit entries of your changes. scope "organization" (org_admin): codes, workspaces, members, passports, comments, the audit log, scan rollups and raw scans. Made in the background: poll GET /v1/privacy/exports/{id} until it is ready, then download it within 7 days.`,
      body: CreateExportBody,
      response: { 202: One(PrivacyExport) },
    }),
    async (request, reply) =>
      reply.code(202).send(one(request, await createExport(ctx, principalOf(request), request.body))),
  );

  app.get(
    '/v1/privacy/exports',
    route('privacy.self', {
      operationId: 'listPrivacyExports',
      tags,
      summary: 'Your exports in this organization, newest first',
      description: `${who} Every export you asked for in the current organization, whatever its status (pending, running, ready, failed, expired), so a requested export is never lost: a ready one carries its download_url.`,
      querystring: ExportListQuery,
      response: { 200: List(PrivacyExport) },
    }),
    async (request) => list(request, await listExports(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/privacy/exports/:id',
    route('privacy.self', {
      operationId: 'getPrivacyExport',
      tags,
      summary: 'The status of an export',
      description: `${who}`,
      params: ExportParams,
      response: { 200: One(PrivacyExport) },
    }),
    async (request) => one(request, await getExport(ctx, principalOf(request), request.params.id)),
  );

  app.get(
    '/v1/privacy/exports/:id/download',
    route('privacy.self', {
      operationId: 'downloadPrivacyExport',
      tags,
      summary: 'Download a ready export (ZIP)',
      description: `${who} 409 while it is not ready; 410 once it expired (7 days after it was ready).`,
      params: ExportParams,
      response: {
        200: ExportZip,
        409: problemResponse('The export is not ready', 409),
        410: problemResponse('The export expired and was deleted', 410),
      },
    }),
    async (request, reply) => {
      const out = await openDownload(ctx, principalOf(request), request.params.id);
      if (out.size !== null) reply.header('content-length', String(out.size));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .send(out.stream);
    },
  );
}
