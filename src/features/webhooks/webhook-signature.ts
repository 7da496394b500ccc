import { Webhook } from 'standardwebhooks';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from './webhooks.table.js';

// A Webhook decodes its secret once; a burst signs thousands of bodies with the same few secrets.
const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let w = signers.get(secret);
  if (!w) {
    if (signers.size >= 1_000) signers.clear();
    signers.set(secret, (w = new Webhook(secret)));
  }
  return w;
}

/**
 * The Standard Webhooks headers of one attempt. During the 24 hours after a rotation the old
 * secret signs too: two signatures, space-separated, so a receiver on either secret verifies.
 */
export function signedHeaders(
  endpoint: Pick<Selectable<WebhookEndpointsTable>, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  messageId: string,
  body: string,
  now: Date,
): Record<string, string> {
  const secrets = [endpoint.secret];
  if (endpoint.previous_secret && (endpoint.previous_secret_expires_at ?? '') > now.toISOString())
    secrets.push(endpoint.previous_secret);
  // Whole seconds, as the header carries them; the signature covers exactly the header's value.
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(at.getTime() / 1000),
    'webhook-signature': secrets.map((s) => signer(s).sign(messageId, at, body)).join(' '),
  };
}
