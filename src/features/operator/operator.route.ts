// How every route under /v1/operator is declared and gated (docs/decisions.md D73); one route file per
// resource sits beside it and registers in operator.routes.ts.
import type { FastifyRequest } from 'fastify';
import { sessionRoute, type OperationSchema } from '../../http/route.js';
import { problemResponse } from '../../http/openapi.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { operatorOf, type Operator } from './operator.gate.js';

/** The OpenAPI tag of every operator route. */
export const tags = ['Operator'];
const operators = new WeakMap<FastifyRequest, Operator>();
/** The operator a request's preValidation found. */
export const operatorAt = (request: FastifyRequest) => operators.get(request)!;

const ERRORS = {
  403: problemResponse(
    'An operator without two-factor sign-in (two-factor-enrolment-required), or a change without the X-CSRF-Token header',
    403,
  ),
  404: problemResponse('Not a signed-in operator (API keys included), or no such organization', 404),
};

/**
 * An operator's route (docs/decisions.md D73): a dashboard session that reads the cookie itself, as
 * sessionRoute says, and is checked before validation, so nobody but an operator learns from a 400
 * that the route exists.
 */
export function operatorRoute<S extends OperationSchema>(deps: ServiceDeps, schema: S) {
  const declared = sessionRoute({
    ...schema,
    security: [{ session: [] }],
    response: { ...ERRORS, ...(schema.response as object) },
  });
  return {
    ...declared,
    preValidation: async (request: FastifyRequest) => {
      operators.set(request, await operatorOf(deps, request));
    },
  };
}
