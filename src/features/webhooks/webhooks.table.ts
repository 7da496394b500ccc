/** A receiver of events in one workspace (docs/webhooks.md). */
export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  url: string;
  description: string | null;
  /** JSON array of event types, or ["*"] */
  event_types: string;
  /** 0 or 1 */
  enabled: number;
  /** why the service disabled it (410, five days of failures); null when a user did or it is on */
  disabled_reason: string | null;
  /**
   * whsec_…, sealed with SECRETS_KEY (`v1.…`; rows from before docs/decisions.md D58 hold it in clear until start-up
   * seals them); never leaves the service after creation or rotation
   */
  secret: string;
  /** the secret before the last rotation (sealed too), still signed with until `previous_secret_expires_at` */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** the first failed attempt since the last success */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** One event sent to one endpoint, with every attempt; a redelivery is a new delivery of the same event. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  /** the exact body signed and sent */
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** JSON array of attempts (DeliveryAttempt) */
  attempts: string;
  created_at: string;
  updated_at: string;
}
