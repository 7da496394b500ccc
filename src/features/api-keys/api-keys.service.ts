import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { generateApiKey } from './api-keys.fns.js';
import { insertApiKey } from './api-keys.repo.js';

export interface NewApiKey {
  organizationId: string;
  workspaceId: string;
  name: string;
  createdBy: string | null;
  expiresAt?: string | null;
}

/** Returns the row and the secret; the secret exists only in this return value (D4). */
export async function createApiKey(trx: Kysely<Database>, prefix: string, input: NewApiKey, at: Date) {
  const { secret, hash, hint } = generateApiKey(prefix);
  const row = {
    id: newId('key'),
    organization_id: input.organizationId,
    workspace_id: input.workspaceId,
    name: input.name,
    hint,
    key_hash: hash,
    created_by: input.createdBy,
    created_at: at.toISOString(),
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
    last_used_at: null,
  };
  await insertApiKey(trx, row);
  return { row, secret };
}
