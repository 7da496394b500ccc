import type { Selectable } from 'kysely';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { parseJson } from '../../db/column-values.js';
import { notFound, rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { checkStorageQuota } from '../usage/index.js';
import { effectivePlans } from '../limits/index.js';
import type { BrandKitsTable, LogosTable } from './brand.table.js';
import type { BrandKit, BrandKitCreate, BrandKitUpdate, KitStyle, Logo, LogoCreate } from './brand.schemas.js';
import { precheckLogo, type LogoType } from './logo-files.js';
import type { ImageWorkers } from './image-workers.js';
import {
  findKit,
  findLogo,
  insertKit,
  clearPagesDefault,
  insertLogo,
  listKitsQuery,
  listLogosQuery,
  markLogoDeleted,
  updateKit,
} from './brand.repo.js';

type LogoRow = Omit<Selectable<LogosTable>, 'data' | 'created_by'>;

function toLogo(row: LogoRow): Logo {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    content_type: row.content_type as LogoType,
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    created_at: row.created_at,
    deleted_at: row.deleted_at,
  };
}

function toKit(row: Selectable<BrandKitsTable>): BrandKit {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    style: parseJson<KitStyle>(row.style, {}),
    pages_default: Number(row.pages_default) === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A live logo of the workspace, or the logo's one 404. */
async function requireLogo(db: DB, workspaceId: string, id: string) {
  const row = await findLogo(db, workspaceId, id);
  if (!row) throw notFound('Logo');
  return row;
}

/** A live brand kit of the workspace, or the kit's one 404. */
async function requireKit(db: DB, workspaceId: string, id: string) {
  const row = await findKit(db, workspaceId, id);
  if (!row) throw notFound('Brand kit');
  return row;
}

/**
 * Checks and stores a logo; a file that fails any check is a 422 and nothing is written. The
 * header checks run here; the decode or sanitising on the image workers (docs/decisions.md D55).
 */
export async function createLogo(
  deps: ServiceDeps & { images: ImageWorkers },
  p: Principal,
  body: LogoCreate,
): Promise<Logo> {
  const plans = await effectivePlans(deps);
  const quota = (db: DB, bytes: number, lock: boolean) =>
    checkStorageQuota(db, p.organizationId, p.plan, plans, { kind: 'logo', bytes }, { lock });
  // A full library is refused before the file is parsed; its stored size is checked under the lock.
  await quota(deps.db, 0, false);
  const type = body.content_type as LogoType;
  const file = precheckLogo(type, body.data);
  if (Array.isArray(file)) throw rejectFields(file);
  const checked = await deps.images.check(type, file);
  if (Array.isArray(checked)) throw rejectFields(checked);
  const now = deps.clock.now();
  const row = {
    id: newId('lgo'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    name: body.name ?? (body.content_type === 'image/png' ? 'Logo (PNG)' : 'Logo (SVG)'),
    content_type: body.content_type,
    width: checked.width,
    height: checked.height,
    bytes: checked.data.length,
    data: checked.data.toString('base64'),
    created_by: p.actorId,
    created_at: now.toISOString(),
    deleted_at: null,
  };
  const logo = toLogo(row);
  await deps.db.transaction().execute(async (trx) => {
    await quota(trx, row.bytes, true);
    await insertLogo(trx, row);
    await recordAudit(trx, auditActor(p), {
      action: 'logos.created',
      resourceType: 'logos',
      resourceId: row.id,
      after: logo,
      at: now,
    });
  });
  return logo;
}

export async function listLogos(deps: ServiceDeps, p: Principal, page: PageParams): Promise<Page<Logo>> {
  const res = await paginate(listLogosQuery(deps.db, p.workspaceId), page, 'lgo');
  return { ...res, items: res.items.map((r) => toLogo(r as LogoRow)) };
}

export async function getLogo(deps: ServiceDeps, p: Principal, id: string): Promise<Logo> {
  const row = await requireLogo(deps.db, p.workspaceId, id);
  return toLogo(row);
}

/** The stored (sanitised) file of a live logo of the workspace. */
export async function logoFile(deps: ServiceDeps, p: Principal, id: string) {
  const row = await requireLogo(deps.db, p.workspaceId, id);
  return { contentType: row.content_type, data: Buffer.from(row.data, 'base64'), name: row.name };
}

/** Removes a logo from the library; codes and kits that use it keep drawing it, so printed designs never change. */
export async function deleteLogo(deps: ServiceDeps, p: Principal, id: string): Promise<Logo> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await requireLogo(trx, p.workspaceId, id);
    const before = toLogo(row);
    const after = { ...before, deleted_at: now.toISOString() };
    await markLogoDeleted(trx, id, after.deleted_at);
    await recordAudit(trx, auditActor(p), {
      action: 'logos.deleted',
      resourceType: 'logos',
      resourceId: id,
      before,
      after,
      at: now,
    });
    return after;
  });
}

/** A style's references to logos and kits must name live ones of the caller's workspace. */
export async function checkDesignRefs(
  deps: ServiceDeps,
  workspaceId: string,
  style: { logo_id?: string | null; brand_kit_id?: string | null } | undefined,
  base: string,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (style?.logo_id != null && !(await findLogo(deps.db, workspaceId, style.logo_id)))
    errors.push({
      pointer: `${base}/logo_id`,
      detail: `no logo ${style.logo_id} in this workspace`,
      code: 'not_found',
    });
  if (style?.brand_kit_id != null && !(await findKit(deps.db, workspaceId, style.brand_kit_id)))
    errors.push({
      pointer: `${base}/brand_kit_id`,
      detail: `no brand kit ${style.brand_kit_id} in this workspace`,
      code: 'not_found',
    });
  return errors;
}

/** A kit's logo and its page's logo must both be live logos of the workspace. */
async function kitRefProblems(deps: ServiceDeps, workspaceId: string, style: KitStyle): Promise<FieldError[]> {
  return [
    ...(await checkDesignRefs(deps, workspaceId, style, '/style')),
    ...(await checkDesignRefs(deps, workspaceId, style.page ?? undefined, '/style/page')),
  ];
}

export async function createKit(deps: ServiceDeps, p: Principal, body: BrandKitCreate): Promise<BrandKit> {
  const style = body.style ?? {};
  const errors = await kitRefProblems(deps, p.workspaceId, style);
  if (errors.length) throw rejectFields(errors);
  const now = deps.clock.now().toISOString();
  const row = {
    id: newId('bkt'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    name: body.name,
    style: JSON.stringify(style),
    pages_default: body.pages_default ? 1 : 0,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const kit = toKit(row);
  await deps.db.transaction().execute(async (trx) => {
    if (body.pages_default) await clearPagesDefault(trx, p.workspaceId, row.id, now);
    await insertKit(trx, row);
    await recordAudit(trx, auditActor(p), {
      action: 'brand_kits.created',
      resourceType: 'brand_kits',
      resourceId: row.id,
      after: kit,
      at: new Date(now),
    });
  });
  return kit;
}

export async function listKits(deps: ServiceDeps, p: Principal, page: PageParams): Promise<Page<BrandKit>> {
  const res = await paginate(listKitsQuery(deps.db, p.workspaceId), page, 'bkt');
  return { ...res, items: res.items.map((r) => toKit(r as Selectable<BrandKitsTable>)) };
}

export async function getKit(deps: ServiceDeps, p: Principal, id: string): Promise<BrandKit> {
  const row = await requireKit(deps.db, p.workspaceId, id);
  return toKit(row);
}

/** A kit is a live preset: every code that takes it draws with its new values from now on. */
export async function updateKitFields(
  deps: ServiceDeps,
  p: Principal,
  id: string,
  body: BrandKitUpdate & { deleted?: true },
): Promise<BrandKit> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await requireKit(trx, p.workspaceId, id);
    if (body.style) {
      const errors = await kitRefProblems({ ...deps, db: trx }, p.workspaceId, body.style);
      if (errors.length) throw rejectFields(errors);
    }
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.style !== undefined ? { style: JSON.stringify(body.style) } : {}),
      ...(body.pages_default !== undefined ? { pages_default: body.pages_default ? 1 : 0 } : {}),
      // A deleted kit stops theming the workspace's pages; codes that take it keep its look.
      ...(body.deleted ? { deleted_at: now.toISOString(), pages_default: 0 } : {}),
      updated_at: now.toISOString(),
    };
    if (body.pages_default) await clearPagesDefault(trx, p.workspaceId, id, now.toISOString());
    await updateKit(trx, id, values);
    const before = toKit(row);
    const after = toKit({ ...row, ...values });
    await recordAudit(trx, auditActor(p), {
      action: body.deleted ? 'brand_kits.deleted' : 'brand_kits.updated',
      resourceType: 'brand_kits',
      resourceId: id,
      before,
      after: body.deleted ? { ...after, deleted_at: values.deleted_at } : after,
      at: now,
    });
    return after;
  });
}

/** The style of a kit for drawing a code that takes it; a deleted kit still draws (codes keep their look). */
export async function kitStyle(deps: ServiceDeps, workspaceId: string, id: string): Promise<KitStyle> {
  const row = await findKit(deps.db, workspaceId, id, true);
  return row ? parseJson<KitStyle>(row.style, {}) : {};
}

/**
 * The style a code is drawn with: its kit's style, then every field the code sets itself
 * (a null field of the code means "not set", so the kit's value shows through).
 */
export async function effectiveStyle<S extends { brand_kit_id?: string | null }>(
  deps: ServiceDeps,
  workspaceId: string,
  style: S,
): Promise<S & KitStyle> {
  if (!style.brand_kit_id) return style;
  const kit = await kitStyle(deps, workspaceId, style.brand_kit_id);
  const own = Object.fromEntries(Object.entries(style).filter(([, v]) => v != null));
  return { ...kit, ...own } as S & KitStyle;
}
