// Access grants: a bearer token that lets one person see one passport at the legitimate-interest
// or authority level (Annex XIII 2–4). Only the SHA-256 of the token is stored; it is shown once.
import type { Selectable } from 'kysely';
import type { Principal } from '../../http/principal.js';
import { AppError, invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { newId } from '../../lib/ids.js';
import { lockRow } from '../../db/row-lock.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { requirePassport } from './dpp-lookup.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DppAccessGrantsTable, GrantLevel } from './dpp.table.js';
import { findGrant, findGrantByHash, insertGrant, listGrantsQuery, revokeGrant } from './grants.repo.js';
import { credentialLevel, credentialTokenPattern } from './credentials.service.js';

/** A grant lives at most a year: access to restricted data should be re-justified periodically. */
export const MAX_GRANT_MS = 366 * 86_400_000;

export interface AccessGrant {
  id: string;
  passport_id: string;
  level: GrantLevel;
  note: string | null;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

const toGrant = (r: Selectable<DppAccessGrantsTable>): AccessGrant => ({
  id: r.id,
  passport_id: r.passport_id,
  level: r.level,
  note: r.note,
  expires_at: r.expires_at,
  created_at: r.created_at,
  revoked_at: r.revoked_at,
});

/** `<prefix>_dpg_` + 40 base62 characters: recognisable in logs and secret scanners, like API keys. */
export const grantTokenPattern = (prefix: string) =>
  new RegExp(`^${prefix.replace(/[^A-Za-z0-9]/g, '')}_dpg_[0-9A-Za-z]{40}$`);

async function ownPassport(deps: ServiceDeps, p: Principal, id: string) {
  const row = await requirePassport(deps.db, p.workspaceId, id);
  return row;
}

export async function createGrant(
  deps: ServiceDeps,
  p: Principal,
  passportId: string,
  body: { level: GrantLevel; expires_at: string; note?: string },
): Promise<AccessGrant & { token: string }> {
  await ownPassport(deps, p, passportId);
  const now = deps.clock.now();
  const expires = new Date(body.expires_at);
  if (!(expires.getTime() > now.getTime()))
    throw invalidField('/expires_at', 'expires_at must be in the future', 'future');
  if (expires.getTime() - now.getTime() > MAX_GRANT_MS)
    throw invalidField('/expires_at', 'expires_at is at most one year ahead', 'max');

  const token = `${deps.config.apiKeyPrefix}_dpg_${randomBase62(40)}`;
  const row = {
    id: newId('grt'),
    passport_id: passportId,
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    level: body.level,
    token_hash: sha256Hex(token),
    note: body.note ?? null,
    expires_at: expires.toISOString(),
    created_by: p.actorId,
    created_at: now.toISOString(),
    revoked_at: null,
  };
  const grant = toGrant(row);
  await deps.db.transaction().execute(async (trx) => {
    await insertGrant(trx, row);
    // Audited on the passport, so its log shows who was given access; the token never appears.
    await recordAudit(trx, auditActor(p), {
      action: 'dpp.access_granted',
      resourceType: 'dpp',
      resourceId: passportId,
      at: now,
      after: { grant_id: grant.id, level: grant.level, expires_at: grant.expires_at, note: grant.note },
    });
  });
  return { ...grant, token };
}

export async function listGrants(
  deps: ServiceDeps,
  p: Principal,
  passportId: string,
  q: { limit: number; cursor?: string },
): Promise<Page<AccessGrant>> {
  await ownPassport(deps, p, passportId);
  const page = await paginate(listGrantsQuery(deps.db, passportId), q, 'grt');
  return { ...page, items: page.items.map((r) => toGrant(r as Selectable<DppAccessGrantsTable>)) };
}

export async function revokeAccessGrant(
  deps: ServiceDeps,
  p: Principal,
  passportId: string,
  grantId: string,
): Promise<AccessGrant> {
  await ownPassport(deps, p, passportId);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'dpp_access_grants', grantId);
    const row = await findGrant(trx, passportId, grantId);
    if (!row) throw notFound('Access grant');
    if (row.revoked_at) return toGrant(row);
    const at = now.toISOString();
    await revokeGrant(trx, grantId, at);
    await recordAudit(trx, auditActor(p), {
      action: 'dpp.access_revoked',
      resourceType: 'dpp',
      resourceId: passportId,
      at: now,
      before: { grant_id: row.id, revoked_at: null },
      after: { grant_id: row.id, revoked_at: at },
    });
    return toGrant({ ...row, revoked_at: at });
  });
}

/**
 * The access level a token gives on this passport. Unknown, malformed, expired, revoked and other
 * passports' (or other organizations') tokens all get the same 401, so a token's existence is not revealed.
 */
export async function levelForToken(
  deps: ServiceDeps,
  passport: { id: string; organization_id: string; gtin: string },
  token: string,
): Promise<GrantLevel> {
  const denied = new AppError('authentication', 'The access token is invalid or has expired.');
  // A standing credential of the passport's organization (credentials.service.ts), else a per-passport grant.
  if (credentialTokenPattern(deps.config.apiKeyPrefix).test(token)) {
    const level = await credentialLevel(deps, passport, token);
    if (!level) throw denied;
    return level;
  }
  if (!grantTokenPattern(deps.config.apiKeyPrefix).test(token)) throw denied;
  const grant = await findGrantByHash(deps.db, sha256Hex(token));
  if (
    !grant ||
    grant.passport_id !== passport.id ||
    grant.revoked_at ||
    grant.expires_at <= deps.clock.now().toISOString()
  )
    throw denied;
  return grant.level;
}
