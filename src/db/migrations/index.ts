import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0003 from './0003_codes.js';
import * as m0002 from './0002_accounts.js';
import * as m0004 from './0004_dpp.js';
import * as m0005 from './0005_scan_rollups.js';

// Append new migrations here; names sort in the order they must run.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0003_codes': m0003,
  '0002_accounts': m0002,
  '0004_dpp': m0004,
  '0005_scan_rollups': m0005,
};
