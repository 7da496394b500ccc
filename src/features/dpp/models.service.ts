// Model passport rules: the model validator, one live model per GTIN in an organization, the draft
// → published → archived lifecycle (publishing needs the GS1 company prefix, like a battery's
// passport), and one audit entry per change in the transaction of the change.
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict, invalid, invalidField } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { Page } from '../../http/envelope.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { applyMergePatch, type Category } from './dpp.contract.js';
import type { Issue } from './dpp.validate.js';
import { normalizeGtin } from './gs1.js';
import { ownsGtin } from '../gs1-prefixes/index.js';
import { rejection } from './dpp.fns.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { toModel, validateModel, type Model, type ModelRow } from './models.fns.js';
import { insertModel, listModelsQuery, updateModel } from './models.repo.js';
import { requireModel } from './dpp-lookup.js';
import type { ServiceDeps } from '../../platform/deps.js';

export interface SavedModel {
  model: Model;
  warnings: Issue[];
}

type ModelAction = 'created' | 'updated' | 'published' | 'archived';

function audit(trx: DB, p: Principal, action: ModelAction, before: Model | null, after: Model, at: Date) {
  return recordAudit(trx, auditActor(p), {
    // Under the passports' resource type, so a filter on dpp shows the models too.
    action: `dpp.model_${action}`,
    resourceType: 'dpp',
    resourceId: after.id,
    before: before as Record<string, unknown> | null,
    after: after as unknown as Record<string, unknown>,
    at,
  });
}

const duplicate = () =>
  conflict('A model passport for this GTIN already exists in this organization; change it or archive it first.');

export async function createModel(deps: ServiceDeps, p: Principal, body: unknown): Promise<SavedModel> {
  const now = deps.clock.now();
  const result = validateModel(body, now);
  if (!result.valid) throw rejection(result.errors);
  const input = body as { gtin: string; category: Category; data: unknown };
  const gtin = normalizeGtin(input.gtin);
  if (!gtin.ok) throw invalidField('/gtin', gtin.error.message, gtin.error.code);
  const at = now.toISOString();
  const row: ModelRow = {
    id: newId('dpm'),
    organization_id: p.organizationId,
    workspace_id: p.workspaceId,
    gtin: gtin.value,
    category: input.category,
    publication_status: 'draft',
    version: 1,
    data: JSON.stringify(input.data),
    created_by: p.actorId,
    created_at: at,
    updated_at: at,
    published_at: null,
    archived_at: null,
  };
  try {
    const model = await deps.db.transaction().execute(async (trx) => {
      await insertModel(trx, row);
      const created = toModel(row, deps.config.baseUrl);
      await audit(trx, p, 'created', null, created, now);
      return created;
    });
    return { model, warnings: result.warnings };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function getModel(deps: ServiceDeps, p: Principal, id: string): Promise<Model> {
  const row = await requireModel(deps.db, p.workspaceId, id);
  return toModel(row, deps.config.baseUrl);
}

export async function listModels(
  deps: ServiceDeps,
  p: Principal,
  q: { gtin?: string; publication_status?: string; limit: number; cursor?: string },
): Promise<Page<Model>> {
  const { limit, cursor, ...filter } = q;
  if (filter.gtin !== undefined) {
    const gtin = normalizeGtin(filter.gtin);
    if (!gtin.ok) throw invalidField('/query/gtin', gtin.error.message, gtin.error.code);
    filter.gtin = gtin.value;
  }
  const page = await paginate(listModelsQuery(deps.db, p.workspaceId, filter), { limit, cursor }, 'dpm');
  return { ...page, items: page.items.map((r) => toModel(r as ModelRow, deps.config.baseUrl)) };
}

/** Loads the model under a row lock, applies `change`, saves it as the next version; null: nothing changed. */
async function saveRevision(
  deps: ServiceDeps,
  p: Principal,
  id: string,
  action: Exclude<ModelAction, 'created'>,
  change: (row: ModelRow, trx: DB) => Promise<{ values: Partial<ModelRow>; warnings: Issue[] } | null>,
): Promise<SavedModel> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'dpp_models', id);
    const row = await requireModel(trx, p.workspaceId, id);
    const before = toModel(row, deps.config.baseUrl);
    const outcome = await change(row, trx);
    if (!outcome) return { model: before, warnings: [] };
    const next: ModelRow = { ...row, ...outcome.values, version: row.version + 1, updated_at: now.toISOString() };
    await updateModel(trx, id, { ...outcome.values, version: next.version, updated_at: next.updated_at });
    const after = toModel(next, deps.config.baseUrl);
    await audit(trx, p, action, before, after, now);
    return { model: after, warnings: outcome.warnings };
  });
}

export function patchModel(deps: ServiceDeps, p: Principal, id: string, body: Record<string, unknown>) {
  return saveRevision(deps, p, id, 'updated', async (row) => {
    const unknown = Object.keys(body).filter((k) => k !== 'data');
    if (unknown.length || body.data === undefined)
      throw invalid(
        unknown.length
          ? unknown.map((k) => ({ pointer: `/${k}`, detail: `${k} cannot change here; only data`, code: 'immutable' }))
          : [{ pointer: '/data', detail: 'data (a JSON merge patch) is required', code: 'required' }],
      );
    if (row.publication_status === 'archived') throw conflict('An archived model passport cannot change.');
    const stored = JSON.parse(row.data) as unknown;
    const data = applyMergePatch(stored, body.data);
    const result = validateModel({ gtin: row.gtin, category: row.category, data }, deps.clock.now());
    if (!result.valid) throw rejection(result.errors);
    if (canonicalJson(data) === canonicalJson(stored)) return null;
    return { values: { data: JSON.stringify(data) }, warnings: result.warnings };
  });
}

export async function publishModel(deps: ServiceDeps, p: Principal, id: string): Promise<SavedModel> {
  try {
    return await saveRevision(deps, p, id, 'published', async (row, trx) => {
      if (row.publication_status !== 'draft')
        throw conflict(`Only a draft can be published; this model passport is ${row.publication_status}.`);
      if (!(await ownsGtin(trx, p.organizationId, row.gtin)))
        throw invalidField(
          '/gtin',
          `no verified GS1 company prefix of your organization covers GTIN ${row.gtin}; register one (POST /v1/gs1-prefixes) and have the operator verify it`,
          'gs1.prefix_unverified',
        );
      const result = validateModel(
        { gtin: row.gtin, category: row.category, data: JSON.parse(row.data) },
        deps.clock.now(),
      );
      if (!result.valid) throw rejection(result.errors);
      return {
        values: { publication_status: 'published', published_at: deps.clock.now().toISOString() },
        warnings: result.warnings,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Another organization has already published a model passport for this GTIN.');
    throw err;
  }
}

export function archiveModel(deps: ServiceDeps, p: Principal, id: string): Promise<SavedModel> {
  return saveRevision(deps, p, id, 'archived', async (row) => {
    if (row.publication_status === 'archived') throw conflict('This model passport is already archived.');
    return { values: { publication_status: 'archived', archived_at: deps.clock.now().toISOString() }, warnings: [] };
  });
}
