import type { FastifySchema } from 'fastify';
import type { Permission } from './permissions.js';

/** What every API operation documents, so the OpenAPI reference has no bare entries. */
export interface OperationSchema extends FastifySchema {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
}

/**
 * The option block of an authenticated API route: the action it needs (one permission table,
 * checked by the auth hook) and its documented schema. The schema's type passes through whole, so
 * the TypeBox provider still types the request from it.
 */
export function route<S extends OperationSchema>(permission: Permission, schema: S) {
  return { config: { permission }, schema };
}
