// What a hosted page needs of the brand kits (docs/decisions.md D82): the first kit that sets a
// page style, and its logo's size. The logo file itself is read only when a phone asks for it.
import type { DB } from '../../db/database.js';
import { parseJson } from '../../db/column-values.js';
import type { KitStyle, PageStyle } from './brand.schemas.js';

export interface PageThemeSource {
  accent: string | null;
  background: string | null;
  font: string | null;
  logo: { id: string; width: number; height: number } | null;
}

/**
 * The page style a code's hosted pages wear: its own kit's (`style.brand_kit_id`) if that sets one,
 * else the workspace's page kit's; null: none. A deleted kit a code still takes keeps its look, as
 * its symbol does; a deleted logo too.
 */
export async function pageThemeOf(
  db: DB,
  workspaceId: string,
  codeKit: string | null,
): Promise<PageThemeSource | null> {
  const rows = await db
    .selectFrom('brand_kits')
    .select(['id', 'style', 'pages_default'])
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      codeKit
        ? eb.or([eb('id', '=', codeKit), eb.and([eb('pages_default', '=', 1), eb('deleted_at', 'is', null)])])
        : eb.and([eb('pages_default', '=', 1), eb('deleted_at', 'is', null)]),
    )
    .orderBy('updated_at', 'desc')
    .execute();
  const styleOf = (r: (typeof rows)[number] | undefined) =>
    r ? (parseJson<KitStyle>(r.style, {}).page ?? null) : null;
  const page: PageStyle | null =
    styleOf(rows.find((r) => r.id === codeKit)) ?? styleOf(rows.find((r) => Number(r.pages_default) === 1));
  if (!page) return null;
  const logo = page.logo_id
    ? await db
        .selectFrom('logos')
        .select(['id', 'width', 'height'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', page.logo_id)
        .executeTakeFirst()
    : undefined;
  return {
    accent: page.accent ?? null,
    background: page.background ?? null,
    font: page.font ?? null,
    logo: logo ? { id: logo.id, width: Number(logo.width), height: Number(logo.height) } : null,
  };
}
