// Where logo files live. Logos are small and read with the code they decorate, so the default
// keeps them in their database row; a deployment that moves files to object storage replaces
// only this (docs/decisions.md D23).
import type { DB } from '../../db/database.js';
import type { PlacedLogo } from '../../qr/logo.js';
import { findLogo } from './brand.repo.js';

export interface LogoStore {
  /** The file of a logo of the workspace (deleted ones included: codes keep what they drew), or undefined. */
  load(workspaceId: string, id: string): Promise<Omit<PlacedLogo, 'scale'> | undefined>;
}

export function databaseLogoStore(db: DB): LogoStore {
  return {
    async load(workspaceId, id) {
      const row = await findLogo(db, workspaceId, id, true);
      if (!row) return undefined;
      return {
        kind: row.content_type === 'image/svg+xml' ? 'svg' : 'png',
        data: Buffer.from(row.data, 'base64'),
        width: Number(row.width),
        height: Number(row.height),
      };
    },
  };
}
