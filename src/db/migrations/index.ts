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
import * as m0023 from './0023_code_features.js';
import * as m0020 from './0020_jobs.js';
import * as m0021 from './0021_account_proof.js';
import * as m0022a from './0022_1_billing.js';
import * as m0022b from './0022_2_privacy.js';
import * as m0020b from './0020_webhooks.js';
import * as m0024 from './0024_dpp_models.js';
import * as m0027 from './0027_audit_actor_index.js';
import * as m0031 from './0031_usage_thresholds.js';
import * as m0032 from './0032_announcements.js';
import * as m0034 from './0034_content_files.js';
import * as m0033 from './0033_code_design.js';
import * as m0035 from './0035_dpp_readings.js';
import * as m0036 from './0036_jobs_claim_indexes.js';
import * as m0037 from './0037_visitor_rows.js';
import * as m0038 from './0038_sparse_months.js';
import * as m0039 from './0039_visitor_hash_and_room_for_updates.js';
import * as m0040 from './0040_raw_sparse_months.js';
import * as m0041 from './0041_sqlite_scans_rowid.js';
import * as m0042 from './0042_no_hour_cells.js';
import * as m0043 from './0043_hours_dense_from_240.js';
import * as m0044 from './0044_top_codes_by_month.js';
import * as m0046 from './0046_invitation_mails.js';
import * as m0048 from './0048_short_code_keys.js';
import * as m0050 from './0050_invitation_replaced_links.js';
import * as m0052 from './0052_notifications.js';
import * as m0055 from './0055_operator.js';
import * as m0056 from './0056_operator_accounts.js';
import * as m0057 from './0057_gs1_prefix_evidence.js';
import * as m0058 from './0058_operator_settings.js';
import * as m0059 from './0059_folders.js';
import * as m0060 from './0060_scan_places.js';
import * as m0061 from './0061_sso.js';
import * as m0063 from './0063_page_themes.js';
import * as m0062 from './0062_conversions.js';

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
  '0023_code_features': m0023,
  '0020_jobs': m0020,
  '0021_account_proof': m0021,
  '0022_1_billing': m0022a,
  '0022_2_privacy': m0022b,
  '0020_webhooks': m0020b,
  '0024_dpp_models': m0024,
  '0027_audit_actor_index': m0027,
  '0031_usage_thresholds': m0031,
  '0032_announcements': m0032,
  '0034_content_files': m0034,
  '0033_code_design': m0033,
  '0035_dpp_readings': m0035,
  '0036_jobs_claim_indexes': m0036,
  '0037_visitor_rows': m0037,
  '0038_sparse_months': m0038,
  '0039_visitor_hash_and_room_for_updates': m0039,
  '0040_raw_sparse_months': m0040,
  '0041_sqlite_scans_rowid': m0041,
  '0042_no_hour_cells': m0042,
  '0043_hours_dense_from_240': m0043,
  '0044_top_codes_by_month': m0044,
  '0046_invitation_mails': m0046,
  '0048_short_code_keys': m0048,
  '0050_invitation_replaced_links': m0050,
  '0052_notifications': m0052,
  '0055_operator': m0055,
  '0056_operator_accounts': m0056,
  '0057_gs1_prefix_evidence': m0057,
  '0058_operator_settings': m0058,
  '0059_folders': m0059,
  '0060_scan_places': m0060,
  '0061_sso': m0061,
  '0062_conversions': m0062,
  '0063_page_themes': m0063,
};
