import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0003 from './0003_codes.js';
import * as m0002 from './0002_accounts.js';
import * as m0004 from './0004_dpp.js';
import * as m0005 from './0005_scan_rollups.js';
import * as m0006a from './0006_1_workspace_settings.js';
import * as m0006b from './0006_2_scan_retention.js';
import * as m0008 from './0008_login_throttle.js';
import * as m0008b from './0008_pdf_export_slots.js';
import * as m0007 from './0007_tenancy.js';
import * as m0014 from './0014_invitations.js';
import * as m0015 from './0015_rollup_detail.js';

// Append new migrations here; names sort in the order they must run.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0003_codes': m0003,
  '0002_accounts': m0002,
  '0004_dpp': m0004,
  '0005_scan_rollups': m0005,
  '0006_1_workspace_settings': m0006a,
  '0006_2_scan_retention': m0006b,
  '0007_tenancy': m0007,
  '0008_login_throttle': m0008,
  '0008_pdf_export_slots': m0008b,
  '0014_invitations': m0014,
  '0015_rollup_detail': m0015,
};
