import assert from 'node:assert/strict';
import { call, seedMember, type Harness, type Member, type Tenant } from './harness.js';
import type { Role as AnyRole } from '../../src/lib/roles.js';

/** The roles a member can hold (API keys are callers of their own). */
export type Role = Exclude<AnyRole, 'api_key'>;

/** A caller: a tenant's API key, or a member's session (cookie + CSRF). */
export type Caller = { kind: 'key'; tenant: Tenant } | { kind: 'session'; member: Member; workspaceId?: string };

export const asKey = (tenant: Tenant): Caller => ({ kind: 'key', tenant });
export const asMember = (member: Member, workspaceId?: string): Caller => ({ kind: 'session', member, workspaceId });

export function headersOf(c: Caller): Record<string, string> {
  if (c.kind === 'key') return { ...c.tenant.auth };
  return { ...c.member.headers, ...(c.workspaceId ? { 'x-workspace-id': c.workspaceId } : {}) };
}

export function req(
  h: Harness,
  c: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return call(h, { method, url, body, headers: headersOf(c) });
}

/** A session user holding the role in the tenant's default workspace (or in `workspaceId`). */
export function memberWith(h: Harness, t: Tenant, role: Role, workspaceId?: string): Promise<Member> {
  return role === 'org_admin'
    ? seedMember(h, t, { org: 'org_admin' })
    : seedMember(h, t, { workspace: role, workspaceId });
}

export async function auditOf(h: Harness, workspaceId: string) {
  return h.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id', 'desc')
    .execute();
}

export function assertErrorAt(json: any, pointer: string, code?: string) {
  const hit = (json.errors ?? []).find((e: any) => e.pointer === pointer);
  assert.ok(hit, `expected an error at ${pointer}, got ${JSON.stringify(json.errors)}`);
  if (code) assert.equal(hit.code, code, JSON.stringify(json.errors));
}
