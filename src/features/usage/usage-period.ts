import { isoMonth } from '../../lib/time.js';

/** YYYY-MM of an ISO 8601 time or a Date, UTC: the period of the usage counters. */
export const periodOf = isoMonth;
