import type { RawBuilder } from 'kysely';
import type { ServiceDeps } from '../../platform/deps.js';
import type { Principal } from '../../http/principal.js';
import { rejectFields, type FieldError } from '../../http/errors.js';
import { paginate, type PageParams } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { findCode } from '../codes/index.js';
import { publishEvent } from '../../platform/events/index.js';
import { parseClickId } from './click-id.js';
import {
  conversionByEventId,
  conversionSums,
  conversionsOf,
  insertConversion,
  type ConversionRow,
} from './conversions.repo.js';
import type { Conversion, ConversionCreate, ConversionListQuery, ConversionTotals } from './conversions.schemas.js';

/** A reported time may run this far ahead of the server's clock (clocks differ), no further. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Row → API object, whitelisting fields. */
export function toConversion(row: ConversionRow): Conversion {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    code_id: row.code_id,
    scan_id: row.scan_id,
    event: row.event,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    event_id: row.event_id,
    scanned_at: row.scanned_at,
    occurred_at: row.occurred_at,
    created_at: row.created_at,
  };
}

/**
 * POST /v1/conversions (docs/decisions.md D81): attributed by its click id alone, which names the
 * code and the scan time, so a conversion reported before its scan batch is written counts at once.
 * A repeated `event_id` answers the first conversion (`created: false`) and counts nothing again.
 */
export async function recordConversion(
  deps: ServiceDeps,
  p: Principal,
  body: ConversionCreate,
): Promise<{ conversion: Conversion; created: boolean }> {
  const now = deps.clock.now();
  const click = parseClickId(body.click_id);
  const errors: FieldError[] = [];
  if (!click) errors.push({ pointer: '/click_id', detail: 'is not a click id (qrs_cid)', code: 'click_id' });
  if (body.event === 'sale' && (body.amount === undefined || body.currency === undefined))
    errors.push({ pointer: '/amount', detail: 'a sale needs amount and currency', code: 'required' });
  else if ((body.amount === undefined) !== (body.currency === undefined))
    errors.push({
      pointer: body.amount === undefined ? '/amount' : '/currency',
      detail: 'amount and currency go together',
      code: 'required',
    });
  const occurred = body.occurred_at === undefined ? now.getTime() : Date.parse(body.occurred_at);
  if (occurred > now.getTime() + CLOCK_SKEW_MS)
    errors.push({ pointer: '/occurred_at', detail: 'must not be in the future', code: 'range' });
  else if (click && occurred < click.scannedAt)
    errors.push({ pointer: '/occurred_at', detail: 'must not be before the scan', code: 'range' });
  if (errors.length) throw rejectFields(errors);
  const { codeId, scanId, scannedAt } = click!;

  return deps.db.transaction().execute(async (trx) => {
    if (body.event_id !== undefined) {
      const seen = await conversionByEventId(trx, p.workspaceId, body.event_id);
      if (seen) return { conversion: toConversion(seen), created: false };
    }
    // Another workspace's code, a deleted one and a made-up id read alike.
    if (!(await findCode(trx, p.workspaceId, codeId)))
      throw rejectFields([{ pointer: '/click_id', detail: 'names no code of this workspace', code: 'click_id' }]);
    const row: ConversionRow = {
      id: newId('cnv'),
      organization_id: p.organizationId,
      workspace_id: p.workspaceId,
      code_id: codeId,
      scan_id: scanId,
      scanned_at: new Date(scannedAt).toISOString(),
      event: body.event,
      amount: body.amount ?? null,
      currency: body.currency ?? null,
      event_id: body.event_id ?? null,
      occurred_at: new Date(occurred).toISOString(),
      created_at: now.toISOString(),
    };
    if (!(await insertConversion(trx, row))) {
      // A twin with the same event_id committed between the read and the insert.
      const seen = await conversionByEventId(trx, p.workspaceId, body.event_id!);
      return { conversion: toConversion(seen!), created: false };
    }
    const conversion = toConversion(row);
    await publishEvent(
      trx,
      { type: 'conversion.created', organizationId: p.organizationId, workspaceId: p.workspaceId, data: conversion },
      now,
    );
    return { conversion, created: true };
  });
}

/** GET /v1/conversions: the workspace's conversions, newest first. */
export async function listConversions(deps: ServiceDeps, p: Principal, q: ConversionListQuery) {
  let base = conversionsOf(deps.db, p.workspaceId);
  if (q.code_id !== undefined) base = base.where('code_id', '=', q.code_id);
  if (q.event !== undefined) base = base.where('event', '=', q.event);
  const page = await paginate(base, { limit: q.limit, cursor: q.cursor } as PageParams, 'cnv');
  return { ...page, items: page.items.map(toConversion) };
}

/**
 * Conversions over an analytics range, with the rate against that range's scans. `codes` is the
 * analytics' condition on `code_id` (a code, a tag, a folder), or null for the whole workspace.
 */
export async function conversionTotals(
  deps: Pick<ServiceDeps, 'db'>,
  workspaceId: string,
  codes: RawBuilder<unknown> | null,
  range: { from: number; to: number; scans: number },
): Promise<ConversionTotals> {
  const rows = await conversionSums(
    deps.db,
    workspaceId,
    codes,
    new Date(range.from).toISOString(),
    new Date(range.to).toISOString(),
  );
  const count = rows.reduce((n, r) => n + Number(r.n), 0);
  const revenue = rows
    .filter((r) => r.currency !== null)
    .map((r) => ({ currency: r.currency!, amount: Number(r.amount ?? 0) }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
  return { count, rate: range.scans > 0 ? count / range.scans : null, revenue };
}
