// Standing access credentials (Art. 77(2), Annex XIII 2–4): the manufacturer's org_admin gives a
// legitimate-interest party (a recycler, a repairer) or an authority a token that shows the
// restricted view of the organization's passports, all of them or those under some GTIN prefixes,
// until it expires (at most a year) or is revoked. Issuing and revoking are audited; only the
// SHA-256 of the token is stored and the token is shown once.
import type { Selectable } from 'kysely';
import type { Principal } from '../../http/principal.js';
import { invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { newId } from '../../lib/ids.js';
import { lockRow } from '../../db/row-lock.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import { auditActor, recordAudit } from '../audit/index.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { GrantLevel } from './dpp.table.js';
import type { DppCredentialsTable } from './models.table.js';

/** Like a per-passport grant, a credential lives at most a year: restricted access is re-justified yearly. */
export const MAX_CREDENTIAL_MS = 366 * 86_400_000;

export interface AccessCredential {
  id: string;
  level: GrantLevel;
  holder: string;
  gtin_prefixes: string[] | null;
  note: string | null;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

type Row = Selectable<DppCredentialsTable>;

const toCredential = (r: Row): AccessCredential => ({
  id: r.id,
  level: r.level,
  holder: r.holder,
  gtin_prefixes: r.gtin_prefixes === null ? null : (JSON.parse(r.gtin_prefixes) as string[]),
  note: r.note,
  expires_at: r.expires_at,
  created_at: r.created_at,
  revoked_at: r.revoked_at,
});

/** `<prefix>_dpc_` + 40 base62 characters (a per-passport grant is `_dpg_`). */
export const credentialTokenPattern = (prefix: string) =>
  new RegExp(`^${prefix.replace(/[^A-Za-z0-9]/g, '')}_dpc_[0-9A-Za-z]{40}$`);

export async function createCredential(
  deps: ServiceDeps,
  p: Principal,
  body: { level: GrantLevel; holder: string; expires_at: string; gtin_prefixes?: string[]; note?: string },
): Promise<AccessCredential & { token: string }> {
  const now = deps.clock.now();
  const expires = new Date(body.expires_at);
  if (!(expires.getTime() > now.getTime()))
    throw invalidField('/expires_at', 'expires_at must be in the future', 'future');
  if (expires.getTime() - now.getTime() > MAX_CREDENTIAL_MS)
    throw invalidField('/expires_at', 'expires_at is at most one year ahead', 'max');
  const token = `${deps.config.apiKeyPrefix}_dpc_${randomBase62(40)}`;
  const row: Row = {
    id: newId('dpc'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    level: body.level,
    holder: body.holder,
    gtin_prefixes: body.gtin_prefixes ? JSON.stringify([...new Set(body.gtin_prefixes)]) : null,
    token_hash: sha256Hex(token),
    note: body.note ?? null,
    expires_at: expires.toISOString(),
    created_by: p.actorId,
    created_at: now.toISOString(),
    revoked_at: null,
  };
  const credential = toCredential(row);
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('dpp_credentials').values(row).execute();
    await recordAudit(trx, auditActor(p), {
      action: 'dpp.credential_issued',
      resourceType: 'dpp',
      resourceId: credential.id,
      at: now,
      after: { ...credential },
    });
  });
  return { ...credential, token };
}

export async function listCredentials(
  deps: ServiceDeps,
  p: Principal,
  q: { limit: number; cursor?: string },
): Promise<Page<AccessCredential>> {
  const base = deps.db.selectFrom('dpp_credentials').where('organization_id', '=', p.organizationId).selectAll();
  const page = await paginate(base, q, 'dpc');
  return { ...page, items: page.items.map((r) => toCredential(r as Row)) };
}

export async function revokeCredential(deps: ServiceDeps, p: Principal, id: string): Promise<AccessCredential> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'dpp_credentials', id);
    const row = await trx
      .selectFrom('dpp_credentials')
      .selectAll()
      .where('organization_id', '=', p.organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Access credential');
    if (row.revoked_at) return toCredential(row);
    const at = now.toISOString();
    await trx.updateTable('dpp_credentials').set({ revoked_at: at }).where('id', '=', id).execute();
    await recordAudit(trx, auditActor(p), {
      action: 'dpp.credential_revoked',
      resourceType: 'dpp',
      resourceId: id,
      at: now,
      before: { revoked_at: null },
      after: { revoked_at: at },
    });
    return toCredential({ ...row, revoked_at: at });
  });
}

/**
 * The level a standing credential gives on a passport, or undefined when it gives none: unknown,
 * revoked, expired, another organization's, or outside its GTIN prefixes.
 */
export async function credentialLevel(
  deps: ServiceDeps,
  passport: { organization_id: string; gtin: string },
  token: string,
): Promise<GrantLevel | undefined> {
  if (!credentialTokenPattern(deps.config.apiKeyPrefix).test(token)) return undefined;
  const row = await deps.db
    .selectFrom('dpp_credentials')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= deps.clock.now().toISOString()) return undefined;
  if (row.organization_id !== passport.organization_id) return undefined;
  const prefixes = toCredential(row).gtin_prefixes;
  if (prefixes && !prefixes.some((prefix) => passport.gtin.startsWith(prefix))) return undefined;
  return row.level;
}
