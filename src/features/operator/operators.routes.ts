import type { App } from '../../http/types.js';
import { notFound } from '../../http/errors.js';
import { List, One, list, one } from '../../http/envelope.js';
import { problemResponse } from '../../http/openapi.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { NameOperatorBody, OperatorEntry, OperatorUserParams } from './operators.schemas.js';
import { listOperators, nameOperatorByEmail, operatorUser, unnameOperator } from './operators.service.js';

/** Who operates the server, from the console as with `qrs operator add|remove` (docs/decisions.md D73). */
export function operatorOperatorsRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/operators',
    operatorRoute(deps, {
      operationId: 'operatorListOperators',
      tags,
      summary: 'The operators of the server',
      description:
        'The users named operators (by the CLI or from the console), oldest first, then the addresses of OPERATOR_EMAILS, `user_id` null for one nobody signed up with yet. `two_factor` false means the console still refuses them. Not recorded.',
      response: { 200: List(OperatorEntry) },
    }),
    async (request) => {
      const items = await listOperators(deps);
      return list(request, { items, has_more: false, next_cursor: null, total_count: items.length });
    },
  );

  app.post(
    '/v1/operator/operators',
    operatorRoute(deps, {
      operationId: 'operatorNameOperator',
      tags,
      summary: 'Name another operator',
      description:
        'What `qrs operator add` does: the user who signs in with `email` may use the console once two-factor sign-in is on. An address nobody signs in with is a 422 at /email (`no_user`); naming an operator again changes nothing. Recorded as `operator.added`.',
      body: NameOperatorBody,
      response: { 200: One(OperatorEntry) },
    }),
    async (request) =>
      one(request, (await nameOperatorByEmail(deps, operatorAt(request), request.body.email)).operator),
  );

  app.delete(
    '/v1/operator/operators/:id',
    operatorRoute(deps, {
      operationId: 'operatorRemoveOperator',
      tags,
      summary: 'Remove an operator',
      description:
        'What `qrs operator remove` does: their next request to the console gets a 404. Yourself, and an operator by OPERATOR_EMAILS only, are a 409 (another operator, the CLI or the setting can). A user who is no operator is a 404. Recorded as `operator.removed`.',
      params: OperatorUserParams,
      response: {
        200: One(OperatorEntry),
        409: problemResponse('The operator is you, or an operator by OPERATOR_EMAILS only', 409),
      },
    }),
    async (request) => {
      const user = await operatorUser(deps, request.params.id);
      if (!user) throw notFound('Operator');
      return one(request, (await unnameOperator(deps, operatorAt(request), user)).operator);
    },
  );
}
