import { Type, type TSchemaOptions } from 'typebox';

/**
 * Every integer in a schema has a maximum (docs/security.md, "Input validation"). Counts the
 * service computes stay below 2^53 − 1, the largest integer every JSON client reads exactly;
 * numbers a client stores are bounded lower, well inside PostgreSQL's `integer` (2^31 − 1).
 */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const MAX_STORED_COUNT = 1_000_000_000;

/** A non-negative count computed by the service (rows, scans, issues). */
export const Count = (opts: TSchemaOptions = {}) => Type.Integer({ minimum: 0, maximum: MAX_SAFE, ...opts });
