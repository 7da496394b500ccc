import type { Issue, Json, SchemaNode } from '../contract-schema';

/** What every field of the generated form reads: the contract, the data, the validator's issues. */
export interface Ctx {
  root: Record<string, SchemaNode>;
  data: Json;
  onChange(pointer: string[], v: Json): void;
  issues: Issue[];
  required: Set<string>;
}
