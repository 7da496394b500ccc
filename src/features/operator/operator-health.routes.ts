// Who the console's user is, and how the instance is doing (docs/decisions.md D77).
import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { One, one } from '../../http/envelope.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { OperatorHealth, OperatorSession } from './operator-health.schemas.js';
import { instanceHealth } from './operator-health.service.js';
import { MailTestBody, MailTestResult, mailTest } from './operator-mail.js';

async function operatorHealth(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/session',
    operatorRoute(deps, {
      operationId: 'operatorGetSession',
      tags,
      summary: 'The signed-in operator',
      description:
        "Whether the session's user may use the console: an operator with two-factor sign-in gets their address; an operator without it the 403 `two-factor-enrolment-required`; anyone else the 404 every operator route gives. The dashboard shows its Operator section from this answer.",
      response: { 200: One(OperatorSession) },
    }),
    async (request) => one(request, { email: operatorAt(request).email, two_factor: true as const }),
  );

  app.get(
    '/v1/operator/health',
    operatorRoute(deps, {
      operationId: 'operatorGetHealth',
      tags,
      summary: "The instance's health",
      description:
        "Version and uptime, the database (dialect, reachable, latency) and Redis, this instance's scan backlog, writer lag and journal, the job queue by kind, and the e-mail and webhook deliveries that failed in the last 24 hours. The same figures GET /v1/health and /metrics give, with the queue's, and this instance's last server errors (5xx), each with the request id that finds it in the log.",
      response: { 200: One(OperatorHealth) },
    }),
    async (request) => one(request, await instanceHealth(deps, app.scans.stats())),
  );

  app.post(
    '/v1/operator/mail-test',
    operatorRoute(deps, {
      operationId: 'operatorSendTestMail',
      tags,
      summary: 'Send a test e-mail',
      description:
        "What `qrs mail test` does: a test message sent at once through the configured transport, past the job queue. 200 either way: `delivered` false carries the transport's own error (a refused login, a closed port), which is what the operator came for. Recorded as `mail.tested` with the address.",
      body: MailTestBody,
      response: { 200: One(MailTestResult) },
    }),
    async (request) => one(request, await mailTest(deps, operatorAt(request), request.body, request.log)),
  );
}

/** Registered by operatorRoutes; reads the scan sink, so it names its provider. */
export const operatorHealthRoutes = featurePlugin('operator-health-routes', ['scans'], operatorHealth);
