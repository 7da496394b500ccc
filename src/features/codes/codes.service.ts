import type { Selectable } from 'kysely';
import type { Deps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { flag } from '../../db/column-values.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict, notFound, rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { diff, auditActor, recordAudit } from '../audit/audit.service.js';
import type { ContentType } from '../../qr/payloads.js';
import type { CodesTable, StoredStatus } from './codes.table.js';
import type { Code, CodeCreate, CodeListQuery, CodeUpdate } from './codes.schemas.js';
import {
  checkContent,
  checkUrl,
  hostOf,
  normalizeTime,
  randomShortCode,
  toCode,
  withNormalizedUrls,
  type OwnHosts,
} from './codes.fns.js';
import {
  customDomainsAmong,
  findCode,
  findWorkspaceForCodes,
  insertCode,
  listCodesQuery,
  replaceTags,
  updateCode,
} from './codes.repo.js';

/** What the codes service needs; `invalidate` tells every instance's redirect cache after a commit. */
export type CodesDeps = Pick<Deps, 'db' | 'config' | 'clock'> & {
  invalidate?: (shortCodes: string[]) => void;
  /** injectable so the collision retry can be exercised; random base62 by default */
  nextShortCode?: () => string;
};

type Row = Selectable<CodesTable>;
type Workspace = Awaited<ReturnType<typeof findWorkspaceForCodes>>;

/** Editors and API keys need an approver in a workspace with approval_required; admins do not. */
const needsApproval = (ws: Workspace, p: Principal) =>
  ws.approval_required === 1 && (p.role === 'editor' || p.role === 'api_key');

function view(deps: CodesDeps, ws: Workspace) {
  const ctx = { baseUrl: deps.config.baseUrl, customDomain: ws.custom_domain, now: deps.clock.now() };
  return (row: Row) => toCode(row, ctx);
}

/** Our own redirect host plus the custom domains among the hosts these inputs mention. */
async function ownHosts(deps: CodesDeps, urls: Array<string | null | undefined>): Promise<OwnHosts> {
  const hosts = [...new Set(urls.map((u) => (u ? hostOf(u) : null)).filter((h): h is string => !!h))];
  const own = await customDomainsAmong(deps.db, hosts);
  const base = hostOf(deps.config.baseUrl);
  if (base) own.add(base);
  return own;
}

function urlsOf(input: Partial<CodeCreate>): Array<string | null | undefined> {
  return [input.url, input.fallback_url, ...(input.destinations ?? []).map((d) => d.url)];
}

/** The rules shared by create and update, on the merged state of one code. */
function checkCode(
  state: CodeCreate & { dynamic: boolean },
  p: string,
  own: OwnHosts,
  present: Partial<CodeCreate>,
): FieldError[] {
  const errors: FieldError[] = [];
  const type = state.type as ContentType;
  if (type === 'url') {
    if (state.url == null)
      errors.push({ pointer: `${p}/url`, detail: 'url is required for a url code', code: 'required' });
    if (present.content != null)
      errors.push({
        pointer: `${p}/content`,
        detail: 'a url code takes its destination in url, not content',
        code: 'not_allowed',
      });
  } else {
    if (state.dynamic)
      errors.push({ pointer: `${p}/dynamic`, detail: `a ${type} code is always static`, code: 'static_only' });
    if (present.url != null)
      errors.push({ pointer: `${p}/url`, detail: `a ${type} code takes its payload in content`, code: 'not_allowed' });
    if (state.content == null)
      errors.push({ pointer: `${p}/content`, detail: `content is required for a ${type} code`, code: 'required' });
    else errors.push(...checkContent(type, state.content, `${p}/content`));
  }
  if (!state.dynamic) {
    for (const f of ['destinations', 'expires_at', 'fallback_url', 'max_scans'] as const) {
      if (present[f] != null)
        errors.push({ pointer: `${p}/${f}`, detail: `${f} needs a dynamic code`, code: 'dynamic_only' });
    }
  }
  if (present.url != null && type === 'url') {
    const e = checkUrl(present.url, `${p}/url`, own);
    if (e) errors.push(e);
  }
  if (present.fallback_url != null) {
    const e = checkUrl(present.fallback_url, `${p}/fallback_url`, own);
    if (e) errors.push(e);
  }
  (present.destinations ?? []).forEach((d, i) => {
    const e = checkUrl(d.url, `${p}/destinations/${i}/url`, own);
    if (e) errors.push(e);
  });
  return errors;
}

function newRow(input: CodeCreate, p: Principal, status: StoredStatus, now: string) {
  const dynamic = input.dynamic ?? input.type === 'url';
  return {
    id: newId('qr'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    type: input.type as ContentType,
    dynamic: flag(dynamic),
    url: input.type === 'url' ? (input.url ?? null) : null,
    content: input.type === 'url' || input.content == null ? null : JSON.stringify(input.content),
    title: input.title ?? null,
    tags: JSON.stringify(input.tags ?? []),
    status,
    destinations: input.destinations ? JSON.stringify(input.destinations) : null,
    expires_at: normalizeTime(input.expires_at) ?? null,
    fallback_url: input.fallback_url ?? null,
    max_scans: input.max_scans ?? null,
    style: JSON.stringify(input.style ?? {}),
    rejection_reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_by: p.actorId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

/**
 * Creates codes all-or-nothing in one transaction. `pointerOf(i)` prefixes each item's errors
 * ('' for a single create, '/codes/3' in a batch).
 */
export async function createCodes(
  deps: CodesDeps,
  p: Principal,
  inputs: CodeCreate[],
  pointerOf: (i: number) => string,
): Promise<Code[]> {
  const ws = await findWorkspaceForCodes(deps.db, p.workspaceId);
  const own = await ownHosts(deps, inputs.flatMap(urlsOf));
  const errors = inputs.flatMap((input, i) =>
    checkCode({ ...input, dynamic: input.dynamic ?? input.type === 'url' }, pointerOf(i), own, input),
  );
  if (errors.length) throw rejectFields(errors);
  const normalized = inputs.map(withNormalizedUrls);

  const now = deps.clock.now();
  const status: StoredStatus = needsApproval(ws, p) ? 'pending_approval' : 'active';
  const toApi = view(deps, ws);
  const gen = deps.nextShortCode ?? (() => randomShortCode());
  const created = await deps.db.transaction().execute(async (trx) => {
    const out: Code[] = [];
    for (const input of normalized) {
      const row = newRow(input, p, status, now.toISOString());
      const shortCode = await insertCode(trx, row, row.dynamic ? gen : null);
      await replaceTags(trx, row.id, row.workspace_id, input.tags ?? [], true);
      const code = toApi({
        ...row,
        short_code: shortCode,
        scan_count: 0,
        bot_scan_count: 0,
        purged_scan_count: 0,
        purged_bot_scan_count: 0,
      });
      await recordAudit(trx, auditActor(p), {
        action: 'codes.created',
        resourceType: 'codes',
        resourceId: row.id,
        after: code,
        at: now,
      });
      out.push(code);
    }
    return out;
  });
  deps.invalidate?.(created.map((c) => c.short_code).filter((s): s is string => !!s));
  return created;
}

/** The API object of one live code of the caller's workspace, or 404. Used by the QR image routes. */
export async function getCode(
  deps: Pick<CodesDeps, 'db' | 'config' | 'clock'>,
  p: Principal,
  id: string,
): Promise<Code> {
  const row = await findCode(deps.db, p.workspaceId, id);
  if (!row) throw notFound('Code');
  const ws = await findWorkspaceForCodes(deps.db, p.workspaceId);
  return view(deps, ws)(row);
}

export async function listCodes(deps: CodesDeps, p: Principal, query: CodeListQuery): Promise<Page<Code>> {
  const { limit, cursor, ...filters } = query;
  const ws = await findWorkspaceForCodes(deps.db, p.workspaceId);
  const page = await paginate(
    listCodesQuery(deps.db, p.workspaceId, filters, deps.clock.now().toISOString()),
    { limit, cursor } as PageParams,
    'qr',
  );
  const toApi = view(deps, ws);
  return { ...page, items: page.items.map((r) => toApi(r as Row)) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Loads the live code under a row lock, runs `change`, audits before/after, invalidates caches. */
async function mutate(
  deps: CodesDeps,
  p: Principal,
  id: string,
  action: string,
  change: (row: Row, ws: Workspace, trx: DB) => Promise<Partial<Row>>,
): Promise<Code> {
  const ws = await findWorkspaceForCodes(deps.db, p.workspaceId);
  const toApi = view(deps, ws);
  const now = deps.clock.now();
  const { after, shortCode } = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'codes', id);
    const row = await findCode(trx, p.workspaceId, id);
    if (!row) throw notFound('Code');
    const values = await change(row, ws, trx);
    const next: Row = { ...row, ...values, updated_at: now.toISOString() };
    await updateCode(trx, id, { ...values, updated_at: next.updated_at });
    const before = toApi(row);
    const code = toApi(next);
    // A PATCH that changes nothing is not a change (docs/decisions.md D6: one entry per successful change).
    if (Object.keys(diff(before, code)).length > 0) {
      await recordAudit(trx, auditActor(p), {
        action,
        resourceType: 'codes',
        resourceId: id,
        before,
        after: code,
        at: now,
      });
    }
    return { after: code, shortCode: row.short_code };
  });
  if (shortCode) deps.invalidate?.([shortCode]);
  return after;
}

export async function updateCodeFields(deps: CodesDeps, p: Principal, id: string, input: CodeUpdate): Promise<Code> {
  let body = input;
  return mutate(deps, p, id, 'codes.updated', async (row, ws, trx) => {
    const dynamic = row.dynamic === 1;
    const current = toCode(row, { baseUrl: '', customDomain: null, now: deps.clock.now() });
    const merged = {
      type: row.type,
      dynamic,
      url: body.url !== undefined ? body.url : (current.url ?? undefined),
      content: body.content !== undefined ? body.content : (current.content ?? undefined),
    } as CodeCreate & { dynamic: boolean };
    const own = await ownHosts({ ...deps, db: trx }, urlsOf(body));
    const errors = checkCode(merged, '', own, body);
    if (body.status !== undefined && body.status !== row.status && row.status !== 'active' && row.status !== 'paused') {
      errors.push({
        pointer: '/status',
        detail: `a code in state ${row.status} cannot be set to ${body.status}; it needs a review first`,
        code: 'transition',
      });
    }
    if (errors.length) throw rejectFields(errors);
    body = withNormalizedUrls(body);

    const values: Partial<Row> = {};
    if (body.url !== undefined) values.url = body.url;
    if (body.content !== undefined) values.content = JSON.stringify(body.content);
    if (body.title !== undefined) values.title = body.title;
    if (body.tags !== undefined) {
      values.tags = JSON.stringify(body.tags);
      await replaceTags(trx, row.id, row.workspace_id, body.tags);
    }
    if (body.destinations !== undefined)
      values.destinations = body.destinations ? JSON.stringify(body.destinations) : null;
    if (body.expires_at !== undefined) values.expires_at = normalizeTime(body.expires_at) ?? null;
    if (body.fallback_url !== undefined) values.fallback_url = body.fallback_url;
    if (body.max_scans !== undefined) values.max_scans = body.max_scans;
    if (body.style !== undefined) values.style = JSON.stringify(body.style);
    if (body.status !== undefined) values.status = body.status;

    const repointed =
      (body.url !== undefined && !same(body.url, row.url)) ||
      (body.destinations !== undefined && !same(body.destinations, current.destinations)) ||
      (body.content !== undefined && !same(body.content, current.content));
    if (repointed && needsApproval(ws, p))
      Object.assign(values, {
        status: 'pending_approval',
        rejection_reason: null,
        reviewed_by: null,
        reviewed_at: null,
      });
    return values;
  });
}

export function deleteCode(deps: CodesDeps, p: Principal, id: string): Promise<Code> {
  return mutate(deps, p, id, 'codes.deleted', async () => ({
    status: 'deleted',
    deleted_at: deps.clock.now().toISOString(),
  }));
}

export function reviewCode(
  deps: CodesDeps,
  p: Principal,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Code> {
  return mutate(deps, p, id, decision.approve ? 'codes.approved' : 'codes.rejected', async (row) => {
    if (row.status !== 'pending_approval')
      throw conflict(
        `Only a code pending approval can be ${decision.approve ? 'approved' : 'rejected'}; this one is ${row.status}.`,
      );
    const at = deps.clock.now().toISOString();
    return decision.approve
      ? { status: 'active', rejection_reason: null, reviewed_by: p.actorId, reviewed_at: at }
      : { status: 'rejected', rejection_reason: decision.reason, reviewed_by: p.actorId, reviewed_at: at };
  });
}
