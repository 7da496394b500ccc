import { Type, type Static } from 'typebox';

/** The kinds a content page can host, each with the bytes its files must start with. */
export const FILE_TYPES = { 'application/pdf': '%PDF-' } as const;
export type FileType = keyof typeof FILE_TYPES;

export const FileUpload = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      // Shown on the page and sent in Content-Disposition: no control characters, quotes, slashes.
      pattern: '^[^\\u0000-\\u001f\\u007f"\\\\/]+$',
      description: 'File name shown to visitors and offered on download, e.g. `menu.pdf`.',
      examples: ['menu.pdf'],
    }),
    content_type: Type.String({ enum: Object.keys(FILE_TYPES), description: 'Must match the bytes.' }),
    data: Type.String({
      minLength: 1,
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
      description: 'The file, base64. At most FILE_MAX_BYTES once decoded (default 5 MiB).',
      // The smallest file that passes the magic-byte check, so the reference's example uploads.
      examples: ['JVBERi0xLjQKJSVFT0YK'],
    }),
  },
  { title: 'FileUpload', additionalProperties: false },
);
export type FileUpload = Static<typeof FileUpload>;

export const FileInfo = Type.Object(
  {
    id: Type.String({ examples: ['fil_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    name: Type.String(),
    content_type: Type.String(),
    size: Type.Integer({ minimum: 1, maximum: 1_073_741_824, description: 'Bytes.' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the bytes.' }),
    created_at: Type.String(),
  },
  { title: 'File' },
);
export type FileInfo = Static<typeof FileInfo>;

export const FileParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
