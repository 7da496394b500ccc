import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import type { PrivacyExportsTable } from './exports.table.js';
import { PageQuery } from '../../http/pagination.js';

export const CreateExportBody = Type.Object(
  {
    scope: Type.Optional(
      Type.Enum(['user', 'organization'], {
        description:
          'user (default): your own data. organization: everything of the current organization (org_admin only).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateExportBody = Static<typeof CreateExportBody>;

export const ExportListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const ExportParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const PrivacyExport = Type.Object(
  {
    id: Type.String({ examples: ['exp_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    scope: Type.Enum(['user', 'organization']),
    organization_id: Type.String(),
    status: Type.Enum(['pending', 'running', 'ready', 'failed', 'expired'], {
      description: 'pending → running → ready (download it) or failed; expired once deleted after 7 days.',
    }),
    size_bytes: Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]),
    download_url: Type.Union([Type.String(), Type.Null()], { description: 'While ready: where to download the ZIP.' }),
    created_at: Type.String({ format: 'date-time' }),
    completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    expires_at: Type.String({ format: 'date-time', description: 'When the export and its file are deleted.' }),
  },
  { additionalProperties: false },
);

export const ExportZip = {
  description: 'A ZIP file: README.txt, JSON and CSV files (see README.txt inside), streamed from disk.',
  content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
};

export function toExport(row: Selectable<PrivacyExportsTable>) {
  return {
    id: row.id,
    scope: row.scope,
    organization_id: row.organization_id,
    status: row.status,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    download_url: row.status === 'ready' ? `/v1/privacy/exports/${row.id}/download` : null,
    created_at: row.created_at,
    completed_at: row.completed_at,
    expires_at: row.expires_at,
  };
}
