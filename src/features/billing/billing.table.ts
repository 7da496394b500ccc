/** One organization's standing at the payment provider (docs/billing.md). */
export interface BillingAccountsTable {
  organization_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  /** Unix seconds: the subscription's own creation; a newer subscription supersedes an older one */
  subscription_created: number | null;
  /** Unix seconds: the last event applied to that subscription; older ones are stale */
  event_created: number | null;
  /** `none` before any subscription, else the provider's subscription status */
  status: string;
  /** the plan the subscription pays for (kept while past due, so a payment restores it) */
  subscribed_plan: string | null;
  current_period_end: string | null;
  cancel_at_period_end: number;
  past_due_since: string | null;
  created_at: string;
  updated_at: string;
}

/** A webhook event applied (or deliberately ignored) once; its id makes a replay a no-op. */
export interface BillingEventsTable {
  id: string;
  type: string;
  organization_id: string | null;
  /** what the event did: applied, stale, ignored */
  outcome: string;
  created_at: string;
  received_at: string;
}
