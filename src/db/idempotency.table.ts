export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
}
