export interface CodeCommentsTable {
  id: string;
  code_id: string;
  workspace_id: string;
  author_type: 'api' | 'user';
  author_id: string;
  body: string;
  created_at: string;
  deleted_at: string | null;
}
