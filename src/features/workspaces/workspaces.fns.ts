import type { Insertable } from 'kysely';
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
}

/** D5 defaults: default_locale "de", approval_required false. */
export function workspaceRow(organizationId: string, input: NewWorkspace, isDefault: boolean, at: Date): Insertable<WorkspacesTable> & { id: string } {
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
    settings: JSON.stringify(input.settings ?? {}),
    is_default: isDefault ? 1 : 0,
    status: 'active',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    archived_at: null,
  };
}
