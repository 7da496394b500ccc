import type { DB } from '../../db/database.js';
import { pageThemeOf } from '../brand/index.js';
import { pageTheme, type PageTheme } from './page-theme.js';

/**
 * The look of a custom domain's own pages (docs/decisions.md D82): the workspace's page kit, for
 * the "code not found" page a visitor of that domain gets. Colours and font only: the logo is
 * served under a code's short URL, and an unknown code has none. One small read per workspace a
 * minute, however many unknown codes are asked for (scanners probe).
 */
export class DomainThemes {
  private readonly themes = new Map<string, { theme: PageTheme; at: number }>();

  constructor(
    private readonly db: DB,
    private readonly ttlMs = 60_000,
  ) {}

  async get(workspaceId: string, now: number): Promise<PageTheme> {
    const hit = this.themes.get(workspaceId);
    if (hit && now - hit.at < this.ttlMs) return hit.theme;
    const kit = await pageThemeOf(this.db, workspaceId, null);
    const theme = { ...pageTheme(null, kit), logo: null };
    this.themes.set(workspaceId, { theme, at: now });
    return theme;
  }
}
