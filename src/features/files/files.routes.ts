import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { FileInfo, FileParams, FileUpload } from './files.schemas.js';
import { getFile, uploadFile } from './files.service.js';
import { assertEmailVerified } from '../accounts/index.js';

const tags = ['files'];

export default async function filesRoutes(app: App) {
  const deps = app.deps;
  const { config } = deps;
  // base64 is 4/3 of the bytes; the slack covers the name and the JSON around it. A body past this
  // is a 413; one within it but past FILE_MAX_BYTES once decoded is a 422 on /data.
  const bodyLimit = Math.ceil((config.storage.maxFileBytes * 4) / 3) + 64 * 1024;

  app.post(
    '/v1/files',
    {
      ...route('codes.write', {
        operationId: 'uploadFile',
        tags,
        summary: 'Upload a file for a content page',
        description:
          'Stores a file a hosted content page serves (a `pdf` code names it in `content.file_id`). The body carries the bytes in base64; the declared `content_type` must match them (a PDF starts with `%PDF-`). Larger than FILE_MAX_BYTES once decoded (default 5 MiB): 422 `too_large` on /data. Past the plan’s files or storage quota (GET /v1/organizations/usage, `storage`): 403 plan-limit-exceeded, the body adding `plan`, `limit` and `meter`, and nothing is stored. Files belong to the workspace.',
        body: FileUpload,
        response: { 201: One(FileInfo) },
      }),
      bodyLimit,
    },
    async (request, reply) => {
      await assertEmailVerified(deps, deps.db, principalOf(request).userId); // docs/decisions.md D56
      return reply.code(201).send(one(request, await uploadFile(deps, principalOf(request), request.body)));
    },
  );

  app.get(
    '/v1/files/:id',
    route('codes.read', {
      operationId: 'getFile',
      tags,
      summary: 'Get an uploaded file’s metadata',
      description: "Name, type, size and SHA-256 of a file of the caller's workspace; another workspace's id is a 404.",
      params: FileParams,
      response: { 200: One(FileInfo) },
    }),
    async (request) => one(request, await getFile(deps, principalOf(request), request.params.id)),
  );
}
