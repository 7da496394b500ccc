import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { problemResponse } from '../../http/openapi.js';
import { Code } from './codes.schemas.js';
import { moveCodes } from './codes.service.js';
import { CodeMove, Folder, FolderCreate, FolderListQuery, FolderParams, FolderUpdate } from './folders.schemas.js';
import { changeFolder, createFolder, getFolder, listFolders, removeFolder } from './folders.service.js';

const tags = ['folders'];

/** Folders and campaigns of a workspace's codes (docs/decisions.md D78). */
export default async function foldersRoutes(app: App) {
  const deps = { ...app.deps, invalidate: (codes: string[]) => app.deps.invalidation.publish(codes) };

  app.post(
    '/v1/folders',
    route('codes.write', {
      operationId: 'createFolder',
      tags,
      summary: 'Create a folder or a campaign',
      description:
        'Folders nest one level: `parent_id` names a top-level folder of the workspace. A campaign (`kind: "campaign"`) is a folder with a date range and UTM parameters that codes created in it inherit when they set none. Audited.',
      body: { ...FolderCreate, examples: [{ name: 'Spring posters', kind: 'campaign', utm: { source: 'poster' } }] },
      response: { 201: One(Folder) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createFolder(deps, principalOf(request), request.body))),
  );

  app.get(
    '/v1/folders',
    route('codes.read', {
      operationId: 'listFolders',
      tags,
      summary: "The workspace's folders and campaigns",
      description:
        'Newest first, each with the count of live codes directly in it. `parent_id=none` lists the top level.',
      querystring: FolderListQuery,
      response: { 200: List(Folder) },
    }),
    async (request) => list(request, await listFolders(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/folders/:id',
    route('codes.read', {
      operationId: 'getFolder',
      tags,
      summary: 'One folder',
      description: "Another workspace's folder is a 404.",
      params: FolderParams,
      response: { 200: One(Folder) },
    }),
    async (request) => one(request, await getFolder(deps, principalOf(request), request.params.id)),
  );

  app.patch(
    '/v1/folders/:id',
    route('codes.write', {
      operationId: 'updateFolder',
      tags,
      summary: 'Rename, move or change a folder',
      description:
        "Moving a folder into another (`parent_id`) needs a top-level target and a folder without subfolders (422 `nesting`). Changing a campaign's UTM parameters does not change the codes already in it. Audited.",
      params: FolderParams,
      body: { ...FolderUpdate, examples: [{ name: 'Autumn posters' }] },
      response: { 200: One(Folder) },
    }),
    async (request) => one(request, await changeFolder(deps, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/folders/:id',
    route('codes.write', {
      operationId: 'deleteFolder',
      tags,
      summary: 'Delete an empty folder',
      description: 'A folder that still holds live codes or subfolders is a 409, and nothing changes. Audited.',
      params: FolderParams,
      response: { 200: One(Folder), 409: problemResponse('The folder still holds live codes or subfolders', 409) },
    }),
    async (request) => one(request, await removeFolder(deps, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/codes/move',
    route('codes.write', {
      operationId: 'moveCodes',
      tags: ['codes', 'folders'],
      summary: 'Move up to 100 codes into a folder, or out of any',
      description:
        'Every code and the folder are checked first: an unknown one is a 422 with a pointer (`/code_ids/3`, `/folder_id`) and nothing moves. Each moved code is audited as `codes.updated`; a code in a workspace with approvals does not need a new review for a move.',
      body: {
        ...CodeMove,
        examples: [{ code_ids: ['qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'], folder_id: 'fld_01JD3Y2K8Q9XW4T5N6M7P8R9S0' }],
      },
      response: { 200: One(Type.Array(Code)) },
    }),
    async (request) => one(request, await moveCodes(deps, principalOf(request), request.body)),
  );
}
