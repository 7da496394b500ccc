import type { DB } from '../../db/database.js';
import { seal, unseal } from '../../lib/sealed.js';

/**
 * Signing secrets are kept sealed with SECRETS_KEY, as TOTP secrets are (docs/decisions.md D58).
 * An older row holds its secret in clear (`whsec_…`): it still signs, and the start-up pass below
 * seals it. A sealed value starts with `v1.`, so the two never mix up.
 */
const CLEAR = 'whsec_';

export const sealWebhookSecret = (key: Buffer, secret: string) => seal(key, secret);

/** The secret to sign with, from a stored value either sealed or (from an older row) in clear. */
export function openWebhookSecret(key: Buffer, stored: string): string {
  return stored.startsWith(CLEAR) ? stored : unseal(key, stored);
}

/**
 * Seals the secrets rows still hold in clear; returns how many rows it sealed. Each update names
 * the clear value it replaces, so instances starting together seal a row once and an instance
 * rotating the secret meanwhile wins.
 */
export async function sealClearSecrets(db: DB, key: Buffer): Promise<number> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'previous_secret'])
    .where((eb) => eb.or([eb('secret', 'like', `${CLEAR}%`), eb('previous_secret', 'like', `${CLEAR}%`)]))
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const res = await db
      .updateTable('webhook_endpoints')
      .set({
        secret: row.secret.startsWith(CLEAR) ? sealWebhookSecret(key, row.secret) : row.secret,
        previous_secret: row.previous_secret?.startsWith(CLEAR)
          ? sealWebhookSecret(key, row.previous_secret)
          : row.previous_secret,
      })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .where((eb) =>
        row.previous_secret === null
          ? eb('previous_secret', 'is', null)
          : eb('previous_secret', '=', row.previous_secret),
      )
      .executeTakeFirst();
    sealed += Number(res.numUpdatedRows);
  }
  return sealed;
}
