// Version history of a passport. Versions are numbered per passport, so the cursor is the version
// number of the last item of the previous page (docs/decisions.md D1's rule, with the version as the item's id).
import type { Selectable } from 'kysely';
import type { Page } from '../../http/envelope.js';
import { paginate, type CursorKey } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import type { PassportData } from './dpp.contract.js';
import { versionsQuery } from './dpp.repo.js';
import { requirePassport } from './dpp-lookup.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DppVersionsTable } from './dpp.table.js';

export interface PassportVersion {
  passport_id: string;
  version: number;
  action: DppVersionsTable['action'];
  battery_status: DppVersionsTable['battery_status'];
  publication_status: DppVersionsTable['publication_status'];
  predecessor_id: string | null;
  data: PassportData;
  actor_type: DppVersionsTable['actor_type'];
  actor_id: string | null;
  created_at: string;
}

const toVersion = (r: Selectable<DppVersionsTable>): PassportVersion => ({
  passport_id: r.passport_id,
  version: r.version,
  action: r.action,
  battery_status: r.battery_status,
  publication_status: r.publication_status,
  predecessor_id: r.predecessor_id,
  data: JSON.parse(r.data) as PassportData,
  actor_type: r.actor_type,
  actor_id: r.actor_id,
  created_at: r.created_at,
});

const VERSION_CURSOR: CursorKey = {
  parse: (cursor) => (/^[1-9][0-9]{0,8}$/.test(cursor) ? Number(cursor) : undefined),
  malformed: 'cursor is the version number of the last item of the previous page',
  unknown: 'cursor does not name a version of this passport',
};

export async function listPassportVersions(
  deps: ServiceDeps,
  p: Principal,
  id: string,
  q: { limit: number; cursor?: string },
): Promise<Page<PassportVersion>> {
  await requirePassport(deps.db, p.workspaceId, id);
  const page = await paginate(versionsQuery(deps.db, id), q, VERSION_CURSOR, 'version');
  return { ...page, items: page.items.map(toVersion) };
}
