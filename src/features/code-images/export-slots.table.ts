/** A running PDF export of a workspace; at most `exports.perWorkspace` slots per workspace. */
export interface ExportSlotsTable {
  workspace_id: string;
  slot: number;
  holder: string;
  expires_at: string;
}
