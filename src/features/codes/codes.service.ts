import { verifiedCustomDomainsAmong, workspaceLook } from '../workspaces/index.js';
import type { Selectable } from 'kysely';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { flag } from '../../db/column-values.js';
import { lockRow } from '../../db/row-lock.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { diff, auditActor, recordAudit } from '../audit/index.js';
import { printProblems, type PrintStyle } from '../../qr/printable.js';
import type { CodesTable, StoredStatus } from './codes.table.js';
import type { Code, CodeCreate, CodeListQuery, CodeUpdate } from './codes.schemas.js';
import {
  checkContent,
  checkUrl,
  hostOf,
  normalizeTime,
  SHORT_CODE_LENGTH,
  symbolText,
  toCode,
  withDefaultScheme,
  withNormalizedUrls,
  type OwnHosts,
} from './codes.fns.js';
import { hashPassword } from '../accounts/index.js';
import { createThresholdDetector } from '../usage/index.js';
import { countActiveDynamicCodes } from './active-codes.js';
import { checkDesignRefs, effectiveStyle } from '../brand/index.js';
import { checkRules, normalizeRules } from './routing.fns.js';
import { defaultDynamic, isPageOnly, isPageType, type CodeType, type LinksContent } from './page-types.js';
import { newPageUrls, pageContentProblems } from './page-content.js';
import { findFile } from '../files/index.js';
import { isReservedShortCode, randomReadableShortCode } from './short-codes.js';
import { aliasesOf, findAlias } from './aliases.repo.js';
import { renameShortCode, taken } from './aliases.service.js';
import { requireCode } from './code-lookup.js';
import { findCode, insertCode, listCodesQuery, replaceTags, updateCode } from './codes.repo.js';
import { isoMonth } from '../../lib/time.js';
import { codeChanged } from '../notifications/index.js';
import { checkCodeFolder, checkMove } from './folders.service.js';
import type { CodeMove } from './folders.schemas.js';

/**
 * What the codes service takes besides {@link ServiceDeps}, as `ServiceDeps & CodeHooks`:
 * `invalidate` tells every instance's redirect cache after a commit.
 */
export interface CodeHooks {
  invalidate?: (shortCodes: string[]) => void;
  /** injectable so the collision retry can be exercised; random base62 by default */
  nextShortCode?: () => string;
}

type Row = Selectable<CodesTable>;
const where = (p: Principal) => ({ organizationId: p.organizationId, workspaceId: p.workspaceId });
type Workspace = Awaited<ReturnType<typeof workspaceLook>>;

/** Editors and API keys need an approver in a workspace with approval_required; admins do not. */
const needsApproval = (ws: Workspace, p: Principal) =>
  ws.approval_required === 1 && (p.role === 'editor' || p.role === 'api_key');

function view(deps: ServiceDeps, ws: Workspace) {
  const ctx = { baseUrl: deps.config.baseUrl, customDomain: ws.custom_domain, now: deps.clock.now() };
  return (row: Row) => toCode(row, ctx);
}

/** Our own redirect host plus the custom domains among the hosts these inputs mention. */
async function ownHosts(deps: ServiceDeps, urls: Array<string | null | undefined>): Promise<OwnHosts> {
  const hosts = [...new Set(urls.map((u) => (u ? hostOf(u) : null)).filter((h): h is string => !!h))];
  const own = await verifiedCustomDomainsAmong(deps.db, hosts);
  const base = hostOf(deps.config.baseUrl);
  if (base) own.add(base);
  return own;
}

function urlsOf(input: Partial<CodeCreate>): Array<string | null | undefined> {
  return [
    input.url,
    input.fallback_url,
    ...(input.destinations ?? []).map((d) => d.url),
    ...(input.rules ?? []).map((r) => r.url),
  ];
}

/** Every destination of a body in its stored form, rules included (after the checks passed). */
function normalized<T extends Partial<CodeCreate>>(input: T): T {
  const out = withNormalizedUrls(input);
  if (out.rules) out.rules = normalizeRules(out.rules);
  return out;
}

/** The scrypt hash of a new visitor password; null clears it, undefined leaves it. */
async function passwordHashOf(deps: ServiceDeps, password: string | null | undefined) {
  if (password == null) return password;
  return hashPassword(password, deps.config.passwordCost);
}

/** The rules shared by create and update, on the merged state of one code. */
function checkCode(
  state: CodeCreate & { dynamic: boolean },
  p: string,
  own: OwnHosts,
  present: Partial<CodeCreate>,
  now: Date,
): FieldError[] {
  const errors: FieldError[] = [];
  // A date already past would save a code that is dead on arrival, silently.
  if (present.expires_at != null && new Date(present.expires_at) <= now)
    errors.push({ pointer: `${p}/expires_at`, detail: 'must be in the future', code: 'in_past' });
  const type = state.type as CodeType;
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
    if (state.dynamic && !isPageType(type))
      errors.push({ pointer: `${p}/dynamic`, detail: `a ${type} code is always static`, code: 'static_only' });
    if (!state.dynamic && isPageOnly(type))
      errors.push({
        pointer: `${p}/dynamic`,
        detail: `a ${type} code is a hosted page and always dynamic`,
        code: 'dynamic_only',
      });
    // A hosted page is the destination itself (docs/decisions.md D24): nothing to route or split,
    // and no password, since the page's vCard and file links would walk around it.
    if (state.dynamic)
      for (const f of ['destinations', 'rules', 'utm', 'password'] as const)
        if (present[f] != null)
          errors.push({ pointer: `${p}/${f}`, detail: `a hosted ${type} page takes no ${f}`, code: 'not_allowed' });
    if (present.url != null)
      errors.push({ pointer: `${p}/url`, detail: `a ${type} code takes its payload in content`, code: 'not_allowed' });
    if (state.content == null)
      errors.push({ pointer: `${p}/content`, detail: `content is required for a ${type} code`, code: 'required' });
    else {
      const bad = checkContent(type, state.content, `${p}/content`);
      if (!bad.length) bad.push(...pageContentProblems(type, state.content, `${p}/content`));
      errors.push(...bad);
      if (!bad.length && state.dynamic)
        for (const [pointer, url] of pageUrls(type, state.content)) {
          const e = checkUrl(url, `${p}/content${pointer}`, own);
          if (e) errors.push(e);
        }
    }
  }
  if (!state.dynamic) {
    for (const f of [
      'destinations',
      'expires_at',
      'fallback_url',
      'max_scans',
      'short_code',
      'rules',
      'utm',
      'password',
    ] as const) {
      if (present[f] != null)
        errors.push({ pointer: `${p}/${f}`, detail: `${f} needs a dynamic code`, code: 'dynamic_only' });
    }
  }
  // The click id rides on the redirect to the customer's site: only a dynamic url code has one (docs/decisions.md D81).
  if (present.append_click_id && !(state.dynamic && type === 'url'))
    errors.push({
      pointer: `${p}/append_click_id`,
      detail: 'a click id needs a dynamic url code',
      code: 'dynamic_only',
    });
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
  if (present.short_code != null && isReservedShortCode(present.short_code))
    errors.push({
      pointer: `${p}/short_code`,
      detail: `${present.short_code} is a reserved word and cannot be a short code`,
      code: 'reserved',
    });
  if (present.rules) errors.push(...checkRules(present.rules, `${p}/rules`, own));
  return errors;
}

/**
 * Refuses a code no image route could draw (docs/codes.md, "Printable codes"): the renderer's own
 * rules on the state being saved, after the field rules passed (content must be valid to encode).
 */
function checkPrintable(
  deps: ServiceDeps,
  ws: Workspace,
  state: { type: string; dynamic: boolean; url?: string | null; content?: unknown; style?: PrintStyle | null },
  p: string,
): FieldError[] {
  const text = symbolText(state, deps.config.baseUrl, ws.custom_domain);
  const from = state.type === 'url' ? `${p}/url` : `${p}/content`;
  return printProblems(text, state.style ?? {}, from, ws.primary_color).map((e) => ({
    ...e,
    pointer: e.pointer.startsWith('/style') ? `${p}${e.pointer}` : e.pointer,
  }));
}

/** The links a page's content sends visitors to, with their pointers under /content. */
function pageUrls(type: string, content: unknown): Array<[string, string]> {
  if (type === 'links') return (content as LinksContent).links.map((l, i) => [`/links/${i}/url`, l.url]);
  if (type === 'vcard' && (content as { url?: string }).url) return [['/url', (content as { url: string }).url]];
  return newPageUrls(type, content);
}

/** A pdf page names an uploaded file of the same workspace; another's id reads as unknown. */
async function checkFile(db: DB, workspaceId: string, input: Partial<CodeCreate>, p: string): Promise<FieldError[]> {
  const id = (input.content as { file_id?: unknown } | undefined)?.file_id;
  if (typeof id !== 'string') return [];
  return (await findFile(db, workspaceId, id))
    ? []
    : [{ pointer: `${p}/content/file_id`, detail: `no uploaded file ${id} in this workspace`, code: 'unknown_file' }];
}

function newRow(input: CodeCreate, p: Principal, status: StoredStatus, now: string, passwordHash: string | null) {
  const dynamic = input.dynamic ?? defaultDynamic(input.type);
  return {
    id: newId('qr'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    type: input.type as CodeType,
    dynamic: flag(dynamic),
    url: input.type === 'url' ? (input.url ?? null) : null,
    content: input.type === 'url' || input.content == null ? null : JSON.stringify(input.content),
    title: input.title ?? null,
    tags: JSON.stringify(input.tags ?? []),
    folder_id: input.folder_id ?? null,
    status,
    destinations: input.destinations ? JSON.stringify(input.destinations) : null,
    expires_at: normalizeTime(input.expires_at) ?? null,
    fallback_url: input.fallback_url ?? null,
    max_scans: input.max_scans ?? null,
    style: JSON.stringify(input.style ?? {}),
    rules: input.rules ? JSON.stringify(input.rules) : null,
    utm: input.utm ? JSON.stringify(input.utm) : null,
    password_hash: passwordHash,
    append_click_id: flag(input.append_click_id ?? false),
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
 * Each input's folder must be the workspace's; a code created in a campaign without UTM parameters
 * of its own inherits the campaign's (docs/decisions.md D78).
 */
async function withFolderDefaults(
  db: DB,
  workspaceId: string,
  inputs: CodeCreate[],
  pointerOf: (i: number) => string,
): Promise<CodeCreate[]> {
  const out: CodeCreate[] = [];
  for (const [i, input] of inputs.entries()) {
    if (!input.folder_id) {
      out.push(input);
      continue;
    }
    const folder = await checkCodeFolder(db, workspaceId, input.folder_id, `${pointerOf(i)}/folder_id`);
    out.push(input.utm === undefined && folder.utm ? { ...input, utm: folder.utm } : input);
  }
  return out;
}

/**
 * Moves codes into a folder (or out of any, with null): everything is checked first, so an unknown
 * code or folder changes nothing; then each code changes as an update does (audited, its webhooks).
 */
export async function moveCodes(deps: ServiceDeps & CodeHooks, p: Principal, body: CodeMove): Promise<Code[]> {
  await checkMove(deps.db, p, body, async (id) => (await findCode(deps.db, p.workspaceId, id)) !== undefined);
  const moved: Code[] = [];
  for (const id of body.code_ids)
    moved.push(await mutate(deps, p, id, 'codes.updated', async () => ({ folder_id: body.folder_id })));
  return moved;
}

/**
 * Creates codes all-or-nothing in one transaction. `pointerOf(i)` prefixes each item's errors
 * ('' for a single create, '/codes/3' in a batch).
 */
export async function createCodes(
  deps: ServiceDeps & CodeHooks,
  p: Principal,
  inputs: CodeCreate[],
  pointerOf: (i: number) => string,
): Promise<Code[]> {
  const ws = await workspaceLook(deps.db, p.workspaceId);
  inputs = inputs.map(withDefaultScheme);
  const own = await ownHosts(deps, inputs.flatMap(urlsOf));
  const now = deps.clock.now();
  const errors = inputs.flatMap((input, i) =>
    checkCode({ ...input, dynamic: input.dynamic ?? defaultDynamic(input.type) }, pointerOf(i), own, input, now),
  );
  if (errors.length) throw rejectFields(errors);
  const unknownFiles = (
    await Promise.all(inputs.map((input, i) => checkFile(deps.db, p.workspaceId, input, pointerOf(i))))
  ).flat();
  if (unknownFiles.length) throw rejectFields(unknownFiles);
  inputs = await withFolderDefaults(deps.db, p.workspaceId, inputs, pointerOf);
  const bodies = inputs.map(normalized);
  const refs = await Promise.all(
    bodies.map((b, i) => checkDesignRefs(deps, p.workspaceId, b.style, `${pointerOf(i)}/style`)),
  );
  if (refs.flat().length) throw rejectFields(refs.flat());
  const styles = await Promise.all(bodies.map((b) => effectiveStyle(deps, p.workspaceId, b.style ?? {})));
  const unprintable = bodies.flatMap((input, i) =>
    checkPrintable(
      deps,
      ws,
      { ...input, style: styles[i], dynamic: input.dynamic ?? defaultDynamic(input.type) },
      pointerOf(i),
    ),
  );
  if (unprintable.length) throw rejectFields(unprintable);
  const hashes = await Promise.all(bodies.map((b) => passwordHashOf(deps, b.password)));

  const status: StoredStatus = needsApproval(ws, p) ? 'pending_approval' : 'active';
  const toApi = view(deps, ws);
  const gen = deps.nextShortCode ?? (() => randomReadableShortCode(SHORT_CODE_LENGTH));
  const created = await deps.db.transaction().execute(async (trx) => {
    const out: Code[] = [];
    const refused: FieldError[] = [];
    for (const [i, input] of bodies.entries()) {
      const row = newRow(input, p, status, now.toISOString(), hashes[i] ?? null);
      const chosen = input.short_code;
      // A chosen code is tried once: taken by a code or an alias is a 422, not a retry.
      if (chosen != null && (await findAlias(trx, chosen))) {
        refused.push(taken(`${pointerOf(i)}/short_code`, chosen));
        continue;
      }
      const shortCode = await insertCode(trx, row, row.dynamic ? (chosen != null ? chosen : gen) : null);
      if (row.dynamic && shortCode === null) {
        refused.push(taken(`${pointerOf(i)}/short_code`, chosen!));
        continue;
      }
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
      await codeChanged(trx, deps, { ...where(p), actorId: p.userId, before: null, after: row });
      out.push(code);
    }
    if (refused.length) throw rejectFields(refused);
    // docs/decisions.md D21: the dynamic-codes meter is read where it grows, with the new codes counted.
    if (out.some((c) => c.dynamic)) {
      const used = await countActiveDynamicCodes(trx, p.organizationId, now.toISOString());
      const check = createThresholdDetector(deps);
      await check(trx, [{ organizationId: p.organizationId, meter: 'dynamic_codes', period: isoMonth(now), used }]);
    }
    return out;
  });
  deps.invalidate?.(created.map((c) => c.short_code).filter((s): s is string => !!s));
  return created;
}

/** The API object of one live code of the caller's workspace, or 404. Used by the QR image routes. */
export async function getCode(deps: ServiceDeps, p: Principal, id: string): Promise<Code> {
  const row = await requireCode(deps.db, p.workspaceId, id);
  const ws = await workspaceLook(deps.db, p.workspaceId);
  return view(deps, ws)(row);
}

export async function listCodes(deps: ServiceDeps, p: Principal, query: CodeListQuery): Promise<Page<Code>> {
  const { limit, cursor, ...filters } = query;
  const ws = await workspaceLook(deps.db, p.workspaceId);
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
  deps: ServiceDeps & CodeHooks,
  p: Principal,
  id: string,
  action: string,
  change: (row: Row, ws: Workspace, trx: DB) => Promise<Partial<Row>>,
): Promise<Code> {
  const ws = await workspaceLook(deps.db, p.workspaceId);
  const toApi = view(deps, ws);
  const now = deps.clock.now();
  const { after, shortCodes } = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'codes', id);
    const row = await requireCode(trx, p.workspaceId, id);
    const values = await change(row, ws, trx);
    // The redirect caches every name the code answers to: its short code, the new one, its aliases.
    const names = [row.short_code, values.short_code, ...(await aliasesOf(trx, id))];
    const next: Row = { ...row, ...values, updated_at: now.toISOString() };
    try {
      await updateCode(trx, id, { ...values, updated_at: next.updated_at });
    } catch (err) {
      // A concurrent request took the new short code between our check and this write.
      if (values.short_code && isUniqueViolation(err)) throw rejectFields([taken('/short_code', values.short_code)]);
      throw err;
    }
    const before: Record<string, unknown> = toApi(row);
    const code = toApi(next);
    // A new visitor password is a change the API object cannot show: the entry says so, never the hash (docs/decisions.md D6).
    const audited: Record<string, unknown> =
      values.password_hash != null && values.password_hash !== row.password_hash
        ? { ...code, password_changed: true }
        : code;
    // A PATCH that changes nothing is not a change (docs/decisions.md D6: one entry per successful change).
    if (Object.keys(diff(before, audited)).length > 0) {
      await recordAudit(trx, auditActor(p), {
        action,
        resourceType: 'codes',
        resourceId: id,
        before,
        after: audited,
        at: now,
      });
    }
    await codeChanged(trx, deps, { ...where(p), actorId: p.userId, before: row, after: next });
    return { after: code, shortCodes: [...new Set(names.filter((n): n is string => !!n))] };
  });
  if (shortCodes.length) deps.invalidate?.(shortCodes);
  return after;
}

export async function updateCodeFields(
  deps: ServiceDeps & CodeHooks,
  p: Principal,
  id: string,
  input: CodeUpdate,
): Promise<Code> {
  let body = withDefaultScheme(input);
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
    const errors = checkCode(merged, '', own, body, deps.clock.now());
    if (body.status !== undefined && body.status !== row.status && row.status !== 'active' && row.status !== 'paused') {
      errors.push({
        pointer: '/status',
        detail: `a code in state ${row.status} cannot be set to ${body.status}; it needs a review first`,
        code: 'transition',
      });
    }
    if (errors.length) throw rejectFields(errors);
    if (row.type === 'pdf') {
      const unknown = await checkFile(trx, p.workspaceId, body, '');
      if (unknown.length) throw rejectFields(unknown);
    }
    body = normalized(body);
    // Only a change to what is drawn is checked, so a code saved before this rule keeps its title edits.
    if (body.style !== undefined) {
      const refs = await checkDesignRefs({ ...deps, db: trx }, p.workspaceId, body.style, '/style');
      if (refs.length) throw rejectFields(refs);
    }
    if (body.url !== undefined || body.content !== undefined || body.style !== undefined) {
      const style = await effectiveStyle({ ...deps, db: trx }, p.workspaceId, body.style ?? current.style);
      const drawn = { ...merged, url: body.url ?? merged.url, style };
      const unprintable = checkPrintable(deps, ws, drawn as Parameters<typeof checkPrintable>[2], '');
      if (unprintable.length) throw rejectFields(unprintable);
    }

    const values: Partial<Row> = {};
    if (body.url !== undefined) values.url = body.url;
    if (body.content !== undefined) values.content = JSON.stringify(body.content);
    if (body.title !== undefined) values.title = body.title;
    if (body.folder_id !== undefined) {
      if (body.folder_id !== null) await checkCodeFolder(trx, p.workspaceId, body.folder_id, '/folder_id');
      values.folder_id = body.folder_id;
    }
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
    if (body.rules !== undefined) values.rules = body.rules?.length ? JSON.stringify(body.rules) : null;
    if (body.utm !== undefined) values.utm = body.utm ? JSON.stringify(body.utm) : null;
    if (body.append_click_id !== undefined) values.append_click_id = flag(body.append_click_id);
    if (body.password !== undefined) values.password_hash = (await passwordHashOf(deps, body.password)) ?? null;
    if (body.short_code !== undefined && body.short_code !== row.short_code)
      values.short_code = await renameShortCode(trx, row, body.short_code, deps.clock.now().toISOString());

    const repointed =
      (body.url !== undefined && !same(body.url, row.url)) ||
      (body.destinations !== undefined && !same(body.destinations, current.destinations)) ||
      (body.content !== undefined && !same(body.content, current.content)) ||
      (body.rules !== undefined && !same(body.rules, current.rules));
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

export function deleteCode(deps: ServiceDeps & CodeHooks, p: Principal, id: string): Promise<Code> {
  return mutate(deps, p, id, 'codes.deleted', async () => ({
    status: 'deleted',
    deleted_at: deps.clock.now().toISOString(),
  }));
}

export function reviewCode(
  deps: ServiceDeps & CodeHooks,
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
