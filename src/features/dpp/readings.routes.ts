import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { route } from '../../http/route.js';
import { PassportParams } from './dpp.schemas.js';
import { ReadingListQuery, ReadingSchema, ReadingsCreate } from './readings.schemas.js';
import { listReadings, recordReadings } from './readings.service.js';

const tags = ['dpp'];

export default async function readingsRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/dpp/:id/readings',
    route('dpp.write', {
      operationId: 'recordPassportReadings',
      tags,
      summary: 'Append dynamic data (state of health, cycles, temperatures, events)',
      description:
        "Appends 1 to 100 measurements of `performance.dynamic` attributes. Readings are never edited or deleted. Each is validated like the passport's data (422 at `/readings/{i}/…`, and then nothing is stored); the passport then shows the newest measurement of each value and the histories gain entries, as a new version. Archived passports: 409.",
      params: PassportParams,
      body: ReadingsCreate,
      response: {
        201: One(Type.Array(ReadingSchema)),
        409: problemResponse('The passport is archived', 409),
      },
    }),
    async (request, reply) => {
      const items = await recordReadings(deps, principalOf(request), request.params.id, request.body);
      return reply.code(201).send(one(request, items));
    },
  );

  app.get(
    '/v1/dpp/:id/readings',
    route('dpp.read', {
      operationId: 'listPassportReadings',
      tags,
      summary: 'History of dynamic data, newest first',
      description:
        'Every reading recorded for the passport, newest recorded first, optionally of one `attribute`; `limit`, `cursor`.',
      params: PassportParams,
      querystring: ReadingListQuery,
      response: { 200: List(ReadingSchema) },
    }),
    async (request) => list(request, await listReadings(deps, principalOf(request), request.params.id, request.query)),
  );
}
