import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

// Append new migrations here; names sort in the order they must run.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
