/** An uploaded file's owner and kind; the bytes are in the blob store under `<workspace_id>/<id>`. */
export interface FilesTable {
  id: string;
  organization_id: string;
  workspace_id: string;
  /** the name the uploader gave, shown on the page and offered on download */
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_by: string | null;
  created_at: string;
}
