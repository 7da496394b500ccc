import type { Generated } from 'kysely';

/** A workspace's uploaded logo; `data` is the sanitised file, base64. */
export interface LogosTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  data: string;
  created_by: string | null;
  created_at: string;
  /** a deleted logo leaves the library, but codes that use it keep drawing it */
  deleted_at: string | null;
}

/** A named design preset of a workspace; `style` is JSON of the code style fields it sets. */
export interface BrandKitsTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  name: string;
  style: string;
  /** 1: the workspace's hosted pages wear this kit's page style (at most one live kit; docs/decisions.md D82) */
  pages_default: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
