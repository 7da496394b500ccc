/** A user the operator named with `qrs operator add` (OPERATOR_EMAILS names others without a row). */
export interface OperatorsTable {
  user_id: string;
  added_at: string;
}

/**
 * The instance audit log (docs/decisions.md D73): what operators did across organizations. Apart
 * from the organizations' own logs, which their members read; this one only operators read.
 */
export interface OperatorAuditTable {
  id: string;
  /** the operator's usr_…; null for the CLI (`qrs operator add`) */
  operator_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON of the fields that changed, before and after; null when nothing is compared */
  before: string | null;
  after: string | null;
  /** JSON: the reason or query an operator gave, when the action takes one */
  details: string | null;
  request_id: string | null;
  created_at: string;
}
