import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { seal } from '../../lib/sealed.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { deleteGa4Settings, ga4SettingsOf, saveGa4Settings } from './conversions.repo.js';
import type { Ga4Settings, Ga4SettingsUpdate } from './ga4.schemas.js';

type Stored = Awaited<ReturnType<typeof ga4SettingsOf>>;

/** Stored settings → API object: the secret is never returned, only that one is set. */
function toGa4Settings(workspaceId: string, row: Stored): Ga4Settings {
  return {
    workspace_id: workspaceId,
    enabled: row !== undefined,
    measurement_id: row?.measurement_id ?? null,
    api_secret_set: row !== undefined,
    updated_at: row?.updated_at ?? null,
  };
}

export async function getGa4Settings(deps: ServiceDeps, p: Principal): Promise<Ga4Settings> {
  return toGa4Settings(p.workspaceId, await ga4SettingsOf(deps.db, p.workspaceId));
}

/** PUT: turns forwarding on (or changes it), the secret sealed at rest; audited on the workspace. */
export async function putGa4Settings(deps: ServiceDeps, p: Principal, body: Ga4SettingsUpdate): Promise<Ga4Settings> {
  const at = deps.clock.now();
  const now = at.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const before = await ga4SettingsOf(trx, p.workspaceId);
    await saveGa4Settings(trx, {
      workspace_id: p.workspaceId,
      measurement_id: body.measurement_id,
      api_secret: seal(deps.config.secretsKey, body.api_secret),
      created_at: before?.created_at ?? now,
      updated_at: now,
    });
    const after = await ga4SettingsOf(trx, p.workspaceId);
    await recordAudit(trx, auditActor(p), {
      action: 'workspaces.ga4_updated',
      resourceType: 'workspaces',
      resourceId: p.workspaceId,
      before: { ga4_measurement_id: before?.measurement_id ?? null },
      after: { ga4_measurement_id: body.measurement_id, ga4_api_secret_changed: true },
      at,
    });
    return toGa4Settings(p.workspaceId, after);
  });
}

/** DELETE: forwarding off; scans already queued are dropped by the job (the settings are gone). */
export async function removeGa4Settings(deps: ServiceDeps, p: Principal): Promise<Ga4Settings> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await ga4SettingsOf(trx, p.workspaceId);
    if (before) {
      await deleteGa4Settings(trx, p.workspaceId);
      await recordAudit(trx, auditActor(p), {
        action: 'workspaces.ga4_removed',
        resourceType: 'workspaces',
        resourceId: p.workspaceId,
        before: { ga4_measurement_id: before.measurement_id },
        after: { ga4_measurement_id: null },
        at: deps.clock.now(),
      });
    }
    return toGa4Settings(p.workspaceId, undefined);
  });
}
