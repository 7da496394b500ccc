// Dynamic data of a battery through an append-only log (Annex XIII 4: values that change during
// use). Each reading is validated alone against the contract; a batch is stored whole or not at
// all. The passport's data then holds the latest measurement of each value (by measured_at, so a
// late upload of an older measurement never hides a newer one) and the histories gain entries;
// that change is a new passport version, audited in the same transaction.
import type { Selectable } from 'kysely';
import type { Principal } from '../../http/principal.js';
import { conflict, invalid, type FieldError } from '../../http/errors.js';
import type { Page } from '../../http/envelope.js';
import { paginate } from '../../http/pagination.js';
import { lockRow } from '../../db/row-lock.js';
import { newId } from '../../lib/ids.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { validatePassport } from './dpp.validate.js';
import { asCreateRequest } from './dpp.fns.js';
import { insertVersion, updatePassport } from './dpp.repo.js';
import { requirePassport } from './dpp-lookup.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { DppReadingsTable } from './dpp.table.js';
import { insertReadings, listReadingsQuery } from './readings.repo.js';

export interface ReadingInput {
  attribute: string;
  value: number | string;
  measured_at: string;
}

export interface Reading extends ReadingInput {
  id: string;
  passport_id: string;
  actor_type: DppReadingsTable['actor_type'];
  actor_id: string | null;
  recorded_at: string;
}

/** Attributes that keep every measurement (the contract's lists), with the contract's length limit. */
const HISTORIES: Record<string, number> = { selfDischargeHistory: 1000, temperatureHistory: 1000, negativeEvents: 500 };

type Data = Record<string, any>;

const toReading = (r: Selectable<DppReadingsTable>): Reading => ({
  id: r.id,
  passport_id: r.passport_id,
  attribute: r.attribute,
  value: JSON.parse(r.value) as number | string,
  measured_at: r.measured_at,
  actor_type: r.actor_type,
  actor_id: r.actor_id,
  recorded_at: r.recorded_at,
});

function dynamicOf(data: Data): Data {
  const copy = structuredClone(data);
  copy.performance ??= {};
  copy.performance.dynamic ??= {};
  return copy;
}

/** The data with one reading applied: a history gains an entry, a value moves on if the reading is newer. */
function applyReading(data: Data, r: ReadingInput): Data {
  const next = dynamicOf(data);
  const dynamic = next.performance.dynamic as Data;
  const entry = { value: r.value, lastUpdate: r.measured_at };
  const max = HISTORIES[r.attribute];
  if (max !== undefined) {
    const list = [...((dynamic[r.attribute] as Data[] | undefined) ?? []), entry];
    list.sort((a, b) => Date.parse(a.lastUpdate) - Date.parse(b.lastUpdate));
    dynamic[r.attribute] = list.slice(-max);
  } else {
    const current = dynamic[r.attribute] as Data | undefined;
    if (!current || !(Date.parse(current.lastUpdate) > Date.parse(r.measured_at))) dynamic[r.attribute] = entry;
  }
  return next;
}

/** The contract's verdict on one reading alone, as errors at the reading's pointer. */
function readingErrors(row: Parameters<typeof asCreateRequest>[0], r: ReadingInput, i: number, now: Date) {
  const candidate = dynamicOf(row.data as Data);
  const entry = { value: r.value, lastUpdate: r.measured_at };
  candidate.performance.dynamic[r.attribute] = HISTORIES[r.attribute] !== undefined ? [entry] : entry;
  const prefix = `/data/performance/dynamic/${r.attribute}`;
  return validatePassport(asCreateRequest({ ...row, data: candidate }), { now })
    .errors.filter((e) => e.path === prefix || e.path.startsWith(`${prefix}/`))
    .map((e): FieldError => ({
      pointer: `/readings/${i}/${e.path.endsWith('/lastUpdate') ? 'measured_at' : 'value'}`,
      detail: e.message,
      code: e.code,
    }));
}

export async function recordReadings(
  deps: ServiceDeps,
  p: Principal,
  passportId: string,
  body: { readings: ReadingInput[] },
): Promise<Reading[]> {
  const now = deps.clock.now();
  const readings = body.readings.map((r) => ({ ...r, measured_at: new Date(r.measured_at).toISOString() }));
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'dpp_passports', passportId);
    const row = await requirePassport(trx, p.workspaceId, passportId);
    if (row.publication_status === 'archived') throw conflict('An archived passport cannot change.');
    const stored = JSON.parse(row.data) as Data;
    const state = { ...row, data: stored };
    const errors = readings.flatMap((r, i) => readingErrors(state, r, i, now));
    if (errors.length) throw invalid(errors, 'The readings are not valid; none was stored.');

    const at = now.toISOString();
    const rows = readings.map((r) => ({
      id: newId('dpr'),
      passport_id: row.id,
      workspace_id: row.workspace_id,
      attribute: r.attribute,
      value: JSON.stringify(r.value),
      measured_at: r.measured_at,
      actor_type: p.actorType,
      actor_id: p.actorId,
      recorded_at: at,
    }));
    await insertReadings(trx, rows);
    const data = readings.reduce(applyReading, stored);
    const changed = canonicalJson(data) !== canonicalJson(stored);
    const version = changed ? row.version + 1 : row.version;
    if (changed) {
      await updatePassport(trx, row.id, { data: JSON.stringify(data), version, updated_at: at });
      await insertVersion(trx, {
        passport_id: row.id,
        version,
        action: 'updated',
        battery_status: row.battery_status,
        publication_status: row.publication_status,
        predecessor_id: row.predecessor_id,
        data: JSON.stringify(data),
        actor_type: p.actorType,
        actor_id: p.actorId,
        created_at: at,
      });
    }
    const stored_ = rows.map(toReading);
    await recordAudit(trx, auditActor(p), {
      action: 'dpp.readings_recorded',
      resourceType: 'dpp',
      resourceId: row.id,
      at: now,
      after: {
        version,
        readings: stored_.map(({ id, attribute, value, measured_at }) => ({ id, attribute, value, measured_at })),
      },
    });
    return stored_;
  });
}

export async function listReadings(
  deps: ServiceDeps,
  p: Principal,
  passportId: string,
  q: { limit: number; cursor?: string; attribute?: string },
): Promise<Page<Reading>> {
  await requirePassport(deps.db, p.workspaceId, passportId);
  const page = await paginate(listReadingsQuery(deps.db, passportId, q.attribute), q, 'dpr');
  return { ...page, items: page.items.map((r) => toReading(r as Selectable<DppReadingsTable>)) };
}
