// The levels a GS1 Digital Link can name, and which of them have links (GS1-Conformant Resolver,
// RES 2.5.9): the battery (01+21), its lot (01+10) and the GTIN (01). A lot or GTIN level needs no
// record of its own: it has links while a published passport of that lot or GTIN exists, so every
// key qualifier walks up to a level with a default link (docs/decisions.md D61).
import type { DB } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { PassportData } from './dpp.contract.js';
import type { LinkTarget } from './dpp.linkset.js';
import { toPassport, type PassportRow } from './dpp.fns.js';
import { findNewestPublished, findPublished } from './dpp.repo.js';
import { findPublishedModel } from './models.repo.js';
import { toModel } from './models.fns.js';
import { encodeAiValue, type DigitalLinkKey } from './gs1.js';

const trim = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/**
 * The anchor of a battery's serial level: GTIN and serial only. RES 2.5.9 rule 2: a link for 01+21
 * SHALL NOT also define 10, so the lot on the label is checked but never part of the association.
 */
export const serialAnchor = (baseUrl: string, gtin14: string, serial: string) =>
  `${trim(baseUrl)}/01/${gtin14}/21/${encodeAiValue(serial)}`;

export const lotAnchor = (baseUrl: string, gtin14: string, lot: string) =>
  `${trim(baseUrl)}/01/${gtin14}/10/${encodeAiValue(lot)}`;

/** The page of a lot or GTIN level: the GTIN page, with the lot when there is one. */
export const levelPageUrl = (baseUrl: string, gtin14: string, lot?: string) =>
  `${trim(baseUrl)}/dpp/${gtin14}${lot === undefined ? '' : `?lot=${encodeAiValue(lot)}`}`;

/** Product facts every battery of a GTIN shares, for link titles. */
function productFacts(data: PassportData) {
  const info = data.generalProductInformation;
  return {
    productName: info?.batteryModel,
    manufacturerName: info?.manufacturerInformation?.name,
    manufacturerWebsite: info?.manufacturerInformation?.contact?.website,
  };
}

const rowFacts = (row: PassportRow, baseUrl: string) => productFacts(toPassport(row, baseUrl).data);

function lotLevel(baseUrl: string, gtin14: string, lot: string, row: PassportRow): LinkTarget {
  const facts = rowFacts(row, baseUrl);
  return {
    digital_link: lotAnchor(baseUrl, gtin14, lot),
    public_url: levelPageUrl(baseUrl, gtin14, lot),
    itemDescription: `${facts.productName ?? 'Battery'}, lot ${lot}`,
    ...facts,
  };
}

/**
 * The levels with links for a key, most specific first: the battery when the serial (and the lot,
 * when given) match a published passport; the lot when a published passport has it; the GTIN from
 * its model passport, else from any published passport of the GTIN. A consumer product variant or
 * a third-party serial has no level of its own here. A found battery stands for its lot and GTIN,
 * so a scan of a known battery costs no more queries than before.
 */
export async function levelsFor(db: DB, baseUrl: string, key: DigitalLinkKey): Promise<LinkTarget[]> {
  const levels: LinkTarget[] = [];
  // A published passport of the requested GTIN (and lot): the lot and GTIN levels come from it.
  let source: PassportRow | undefined;
  if (key.serial !== undefined && key.cpv === undefined) {
    const found = await findPublished(db, { gtin14: key.gtin14, serial: key.serial, lot: key.lot });
    if (found?.gone)
      throw new AppError('gone', 'This battery passport is no longer published: its organization was deleted.');
    if (found) {
      source = found.row;
      const passport = toPassport(found.row, baseUrl);
      const battery = { public_url: passport.public_url, ...productFacts(passport.data) };
      levels.push({ digital_link: serialAnchor(baseUrl, key.gtin14, found.row.serial), ...battery });
      // The label's own URI, when it names the lot: the same links again, so that a client that
      // looks for the request URI among the anchors finds the battery (docs/decisions.md D83).
      if (key.lot !== undefined && found.row.lot !== null)
        levels.push({
          digital_link: `${lotAnchor(baseUrl, key.gtin14, found.row.lot)}/21/${encodeAiValue(found.row.serial)}`,
          ...battery,
        });
      if (found.row.lot !== null) levels.push(lotLevel(baseUrl, key.gtin14, found.row.lot, found.row));
    }
  }
  if (!source && key.lot !== undefined && key.cpv === undefined) {
    source = await findNewestPublished(db, { gtin14: key.gtin14, lot: key.lot });
    if (source) levels.push(lotLevel(baseUrl, key.gtin14, key.lot, source));
  }

  const model = await findPublishedModel(db, key.gtin14);
  if (model && !model.gone) {
    const m = toModel(model.row, baseUrl);
    levels.push({ digital_link: m.digital_link, public_url: m.public_url, ...productFacts(m.data) });
    return levels;
  }
  source ??= await findNewestPublished(db, { gtin14: key.gtin14 });
  if (source)
    levels.push({
      digital_link: `${trim(baseUrl)}/01/${key.gtin14}`,
      public_url: levelPageUrl(baseUrl, key.gtin14),
      ...rowFacts(source, baseUrl),
    });
  if (levels.length === 0 && model?.gone)
    throw new AppError('gone', "This model's passport is no longer published: its organization was deleted.");
  return levels;
}
