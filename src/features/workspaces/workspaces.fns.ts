import { randomHex } from '../../lib/tokens.js';
import { normalizeRequestHost } from '../../lib/host.js';
import type { Insertable, Selectable } from 'kysely';
import { bool, parseJson } from '../../db/column-values.js';
import { newId } from '../../lib/ids.js';
import type { WorkspacesTable } from './workspaces.table.js';

export interface NewWorkspace {
  name: string;
  slug: string;
  description?: string | null;
  default_locale?: string;
  approval_required?: boolean;
  primary_color?: string | null;
  custom_domain?: string | null;
  settings?: Record<string, unknown>;
  timezone?: string;
  scan_retention_days?: number | null;
}

/** docs/decisions.md D5 defaults: default_locale "de", approval_required false. */
export function workspaceRow(
  organizationId: string,
  input: NewWorkspace,
  isDefault: boolean,
  at: Date,
): Insertable<WorkspacesTable> & { id: string } {
  return {
    id: newId('ws'),
    organization_id: organizationId,
    name: input.name,
    slug: input.slug,
    description: input.description ?? null,
    default_locale: input.default_locale ?? 'de',
    approval_required: input.approval_required ? 1 : 0,
    primary_color: input.primary_color ?? null,
    custom_domain: input.custom_domain ?? null,
    custom_domain_token: input.custom_domain ? newDomainToken() : null,
    custom_domain_verified_at: null,
    settings: JSON.stringify(input.settings ?? {}),
    timezone: input.timezone ?? 'UTC',
    scan_retention_days: input.scan_retention_days ?? null,
    is_default: isDefault ? 1 : 0,
    status: 'active',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    archived_at: null,
  };
}

/** docs/decisions.md D5 workspace object; whitelisted so a new column never leaks. */
export function toWorkspace(row: Insertable<WorkspacesTable> | Selectable<WorkspacesTable>) {
  return {
    id: row.id!,
    organization_id: row.organization_id,
    name: row.name,
    slug: row.slug,
    description: row.description ?? null,
    default_locale: row.default_locale,
    approval_required: bool(row.approval_required),
    primary_color: row.primary_color ?? null,
    custom_domain: row.custom_domain ?? null,
    ...domainState(row),
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    timezone: row.timezone ?? 'UTC',
    scan_retention_days: row.scan_retention_days == null ? null : Number(row.scan_retention_days),
    is_default: bool(row.is_default),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const CHALLENGE_PREFIX = '_qrs-challenge.';
export const verificationValue = (token: string) => `qrs-verify=${token}`;

function domainState(
  row:
    | Pick<Selectable<WorkspacesTable>, 'custom_domain' | 'custom_domain_token' | 'custom_domain_verified_at'>
    | Insertable<WorkspacesTable>,
) {
  if (!row.custom_domain) return { custom_domain_status: null, custom_domain_verification: null };
  if (row.custom_domain_verified_at)
    return { custom_domain_status: 'verified' as const, custom_domain_verification: null };
  return {
    custom_domain_status: 'unverified' as const,
    custom_domain_verification: {
      type: 'TXT' as const,
      name: CHALLENGE_PREFIX + row.custom_domain,
      value: verificationValue(row.custom_domain_token ?? ''),
    },
  };
}

/** A fresh token for each domain set, so a TXT record left from an earlier claim proves nothing. */
export const newDomainToken = () => randomHex(16);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A custom domain is a bare DNS host name: at least two labels, no scheme, port, path or
 * trailing dot, and not an IP address (a top-level label is never all digits).
 * Returns the lower-cased name, or null when it is not acceptable.
 */
export function normalizeHostName(input: string): string | null {
  const host = input.trim().toLowerCase();
  if (host.length === 0 || host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null;
  return host;
}

/** BASE_URL's host name, in the form custom domains are stored. */
export const serviceHost = (config: { baseUrl: string }) => normalizeRequestHost(new URL(config.baseUrl).hostname);

/**
 * The service's own host and its subdomains belong to every workspace at once (BASE_URL serves
 * all codes), so none may claim them as its custom domain.
 */
export const isReservedHost = (host: string, service: string) => host === service || host.endsWith(`.${service}`);
