import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { featurePlugin } from '../../http/plugin.js';
import { Conversion, ConversionCreate, ConversionListQuery } from './conversions.schemas.js';
import { listConversions, recordConversion } from './conversions.service.js';
import { Ga4Settings, Ga4SettingsUpdate } from './ga4.schemas.js';
import { getGa4Settings, putGa4Settings, removeGa4Settings } from './ga4.service.js';
import { forwardToGa4 } from './ga4-sender.js';
import { GA4_FORWARD_JOB, type Ga4Payload } from './ga4-scans.js';

const tags = ['conversions'];

/** Conversions attributed to scans, and scans forwarded to GA4 (docs/decisions.md D81, docs/conversions.md). */
async function conversionsRoutes(app: App) {
  const deps = { db: app.deps.db, clock: app.deps.clock, config: app.deps.config };
  // Google is called from the job queue only, never from a redirect or a request.
  app.jobs.register<Ga4Payload>(GA4_FORWARD_JOB, (job) => forwardToGa4(deps, job), {
    retryDelaysMs: [60_000, 600_000, 3_600_000],
    timeoutMs: 30_000,
  });

  app.post(
    '/v1/conversions',
    route('codes.write', {
      operationId: 'createConversion',
      tags,
      summary: 'Report a conversion after a scan',
      description:
        "A lead, a sale (with `amount` in minor units and `currency`) or an event of your own, attributed to the code and scan its `click_id` names: the `qrs_cid` the redirect appended for a code with `append_click_id`. It counts at once, even before the scan itself is written. A repeated `event_id` answers 200 with the first conversion and counts nothing (an `Idempotency-Key` works too). Publishes `conversion.created`. Needs a key or member that may write codes; another workspace's click id is a 422.",
      body: {
        ...ConversionCreate,
        examples: [
          {
            click_id: '01JD3Y2K8Q9XW4T5N6M7P8R9S001JD3Y2M0000000000000000',
            event: 'sale',
            amount: 4999,
            currency: 'EUR',
          },
        ],
      },
      response: { 200: One(Conversion), 201: One(Conversion) },
    }),
    async (request, reply) => {
      const { conversion, created } = await recordConversion(deps, principalOf(request), request.body);
      return reply.code(created ? 201 : 200).send(one(request, conversion));
    },
  );

  app.get(
    '/v1/conversions',
    route('scans.read', {
      operationId: 'listConversions',
      tags,
      summary: "The workspace's conversions",
      description: 'Newest first; `code_id` and `event` filter. Totals, rates and revenue are in GET /v1/analytics.',
      querystring: ConversionListQuery,
      response: { 200: List(Conversion) },
    }),
    async (request) => list(request, await listConversions(deps, principalOf(request), request.query)),
  );

  app.get(
    '/v1/ga4',
    route('scans.read', {
      operationId: 'getGa4Settings',
      tags,
      summary: "The workspace's Google Analytics 4 forwarding",
      description: 'Whether scans are forwarded and to which measurement id; the API secret is never returned.',
      response: { 200: One(Ga4Settings) },
    }),
    async (request) => one(request, await getGa4Settings(deps, principalOf(request))),
  );

  app.put(
    '/v1/ga4',
    route('workspaces.update', {
      operationId: 'putGa4Settings',
      tags,
      summary: 'Forward scans to Google Analytics 4',
      description:
        "Each scan (bots' left out) is sent as a `qr_scan` event through GA4's Measurement Protocol, from the background jobs a few seconds after it is written, never from the redirect. The API secret is stored sealed. Audited on the workspace.",
      body: { ...Ga4SettingsUpdate, examples: [{ measurement_id: 'G-ABC123XYZ9', api_secret: 'mp-secret-example' }] },
      response: { 200: One(Ga4Settings) },
    }),
    async (request) => one(request, await putGa4Settings(deps, principalOf(request), request.body)),
  );

  app.delete(
    '/v1/ga4',
    route('workspaces.update', {
      operationId: 'deleteGa4Settings',
      tags,
      summary: 'Stop forwarding scans to Google Analytics 4',
      description: 'Scans queued but not yet sent are dropped. Audited on the workspace when it was on.',
      response: { 200: One(Ga4Settings) },
    }),
    async (request) => one(request, await removeGa4Settings(deps, principalOf(request))),
  );
}

export default featurePlugin('conversions-routes', ['jobs'], conversionsRoutes);
