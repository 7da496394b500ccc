// The public passport page: server-rendered, accessible, mobile first, no script element at all. It renders a
// PassportView (already filtered by access level) guided by the contract, so labels and units
// come from the schema (in the page language,
// page-text.ts) and every value passes through one escaping function.
import { PassportDataSchema, type SchemaNode, type Unit } from './dpp.contract.js';
import type { PassportView } from './dpp.public-view.js';
import { escapeHtml } from '../../lib/html.js';
import { attributeLabel, enumLabel, pageText, PAGE_LANGS, type PageLang } from './page-text.js';

export interface PageOptions {
  /** Language of the page text; values entered by the manufacturer are shown as entered. */
  lang?: PageLang;
  /** Where the linkset of this passport is served (advertised with rel="linkset"). */
  linksetUrl?: string;
  /** The same page in each language (the language switch); no switch without them. */
  languageLinks?: Record<PageLang, string>;
}

/** What every renderer needs to speak the page language. */
interface Ctx {
  lang: PageLang;
  t: ReturnType<typeof pageText>;
  num: Intl.NumberFormat;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:48rem;margin:0 auto;padding:1rem}
header{border-bottom:2px solid #1a1a1a;margin-bottom:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem;padding-top:.5rem;border-top:1px solid #ccc}
h3{font-size:1.05rem;margin:1rem 0 .25rem}
dl{margin:0}
dt{font-weight:600;margin-top:.5rem}
dd{margin:0 0 .25rem;overflow-wrap:anywhere}
dd dl{padding-left:.75rem;border-left:3px solid #ddd}
ul{margin:.25rem 0;padding-left:1.25rem}
a{color:#0645ad}
abbr{text-decoration:none}
.lead,.note,small{color:#444}
.level{border-left:4px solid #0645ad;background:#eef3fb;padding:.5rem .75rem;margin:0 0 1rem}
.card{border:1px solid #ccc;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.card h2{border:0;margin-top:0;padding-top:0}
summary{cursor:pointer}
summary h2{display:inline;border:0}
details>summary{margin:1.5rem 0 .5rem;padding-top:.5rem;border-top:1px solid #ccc}
@media print{body{font-size:11pt;color:#000;background:#fff}main{max-width:none;padding:0}a{color:#000}
a[href^="http"]::after{content:" (" attr(href) ")";font-size:.8em;overflow-wrap:anywhere}
summary{list-style:none}section,.card{break-inside:avoid-page}}
nav.lang{text-align:right;font-size:.9rem}nav.lang ul{list-style:none;margin:0;padding:0}nav.lang li{display:inline;margin-left:.75rem}
@media print{nav.lang{display:none}}
.note{font-size:.9rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:.5rem}
@media (min-width:40rem){section>dl{display:grid;grid-template-columns:minmax(10rem,1fr) 2fr;column-gap:1rem}
section>dl>dd{margin-top:.5rem}}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}a{color:#8ab4f8}.lead,.note,small{color:#bbb}dd dl{border-color:#444}.level{background:#1b2433}}
`.trim();

function unitHtml(c: Ctx, unit: Unit | undefined): string {
  if (!unit) return '';
  return `&nbsp;<abbr title="${escapeHtml(c.t.units[unit])}">${escapeHtml(unit)}</abbr>`;
}

// Stored data was validated, but a page must not turn a bad value into a script link.
const safeHref = (s: string) => /^https?:\/\//i.test(s);

// Units are never inherited: every number in the contract carries its own x-unit (or has none).
/** A date or timestamp as people read it (`1 June 2026`, `30 October 2026, 08:15 UTC`); the machine form stays in datetime. */
export function humanDate(text: string, lang = 'en'): string {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const timed = text.length > 10;
  // British English for 'en': day-month-year, as readers in the EU expect.
  const formatted = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    dateStyle: 'long',
    ...(timed ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  }).format(date);
  return timed ? `${formatted} UTC` : formatted;
}

const timeHtml = (c: Ctx, text: string) =>
  `<time datetime="${escapeHtml(text)}">${escapeHtml(humanDate(text, c.lang))}</time>`;

function scalar(c: Ctx, schema: SchemaNode, value: unknown, key = ''): string {
  if (typeof value === 'number') return `${escapeHtml(c.num.format(value))}${unitHtml(c, schema['x-unit'])}`;
  if (typeof value === 'boolean') return value ? c.t.yes : c.t.no;
  const text = String(value);
  if (schema.format === 'uri' && safeHref(text)) return `<a href="${escapeHtml(text)}">${escapeHtml(text)}</a>`;
  // Contacts are links a phone can act on.
  if (schema.format === 'email') return `<a href="mailto:${escapeHtml(text)}">${escapeHtml(text)}</a>`;
  if (key === 'phone' && /^\+?[0-9 ()./-]{3,40}$/.test(text))
    return `<a href="tel:${escapeHtml(text.replace(/[^0-9+]/g, ''))}">${escapeHtml(text)}</a>`;
  if (schema.format === 'date' || schema.format === 'date-time') return timeHtml(c, text);
  if (schema.enum) return escapeHtml(enumLabel(text, c.lang));
  return escapeHtml(text);
}

function isDynamic(schema: SchemaNode): boolean {
  return Boolean(schema.properties?.value && schema.properties?.lastUpdate);
}

/** Power capability by state of charge reads as one sentence per point: "180,000 W at 20 % state of charge". */
function powerCurve(c: Ctx, schema: SchemaNode, points: unknown[]): string {
  const props = schema.items?.properties ?? {};
  const items = points.map((p) => {
    const point = (p ?? {}) as Record<string, unknown>;
    return `<li>${c.t.atSoC(scalar(c, props.atSoC ?? {}, point.atSoC), scalar(c, props.power ?? {}, point.power))}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function valueHtml(c: Ctx, schema: SchemaNode, value: unknown, key = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return c.t.none;
    if (key === 'powerCapabilityAt') return powerCurve(c, schema, value);
    const items = schema.items ?? {};
    return `<ul>${value.map((v) => `<li>${valueHtml(c, items, v)}</li>`).join('')}</ul>`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (isDynamic(schema)) {
      const when = scalar(c, schema.properties!.lastUpdate, record.lastUpdate);
      return `${valueHtml(c, schema.properties!.value, record.value)} <small>(${c.t.asOf(when)})</small>`;
    }
    return definitionList(c, schema, record);
  }
  return scalar(c, schema, value, key);
}

function definitionList(c: Ctx, schema: SchemaNode, record: Record<string, unknown>): string {
  const rows = Object.entries(schema.properties ?? {})
    .filter(([key]) => record[key] !== undefined)
    .map(
      ([key, child]) =>
        `<dt>${escapeHtml(attributeLabel(key, c.lang))}</dt><dd>${valueHtml(c, child, record[key], key)}</dd>`,
    );
  return rows.length ? `<dl>${rows.join('')}</dl>` : '';
}

const isGroup = (schema: SchemaNode) => schema.type === 'object' && !schema['x-access'];

function aspectSection(c: Ctx, name: string, schema: SchemaNode, record: Record<string, unknown>): string {
  const id = `aspect-${name}`;
  const parts: string[] = [];
  const attributes: [string, SchemaNode][] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (record[key] === undefined) continue;
    if (isGroup(child)) {
      const inner = definitionList(c, child, record[key] as Record<string, unknown>);
      if (inner) parts.push(`<h3>${escapeHtml(attributeLabel(key, c.lang))}</h3>${inner}`);
    } else attributes.push([key, child]);
  }
  const own = definitionList(c, { properties: Object.fromEntries(attributes) }, record);
  // Collapsible without script; open, so the whole passport reads (and prints) at once.
  return `<section aria-labelledby="${id}"><details open><summary><h2 id="${id}">${escapeHtml(attributeLabel(name, c.lang))}</h2></summary>${own}${parts.join('')}</details></section>`;
}

const rowsHtml = (rows: [string, string | undefined][]) =>
  rows
    .filter((row): row is [string, string] => Boolean(row[1]))
    .map(([dt, dd]) => `<dt>${escapeHtml(dt)}</dt><dd>${dd}</dd>`)
    .join('');

function identification(c: Ctx, view: PassportView): string {
  const { t } = c;
  const rows: [string, string | undefined][] = [
    // Art. 77(3): the identifier the QR code links to; a model passport (the GTIN level) has none.
    [t.uniqueIdentifier, view.unique_identifier && `<code>${escapeHtml(view.unique_identifier)}</code>`],
    [t.gtin, escapeHtml(view.gtin)],
    [t.serial, view.serial ? escapeHtml(view.serial) : undefined],
    [t.lot, view.lot ? escapeHtml(view.lot) : undefined],
    [t.categoryLabel, escapeHtml(t.category[view.category] ?? view.category)],
    [t.batteryStatus, view.battery_status && escapeHtml(enumLabel(view.battery_status, c.lang))],
    [t.version, escapeHtml(view.version)],
    [t.lastUpdated, timeHtml(c, view.updated_at)],
    [
      t.digitalLink,
      safeHref(view.digital_link)
        ? `<a href="${escapeHtml(view.digital_link)}">${escapeHtml(view.digital_link)}</a>`
        : undefined,
    ],
  ];
  return `<section aria-labelledby="identification"><h2 id="identification">${escapeHtml(t.identification)}</h2><dl>${rowsHtml(rows)}</dl></section>`;
}

const measureHtml = (c: Ctx, value: unknown, unit: Unit) =>
  typeof value === 'number' ? `${escapeHtml(c.num.format(value))}${unitHtml(c, unit)}` : undefined;

/** The facts most readers look for, first: what it is, who made it, how big, how clean, how healthy. */
function summaryCard(c: Ctx, view: PassportView): string {
  const { t } = c;
  const d = view.data;
  const g = d.generalProductInformation;
  const rated = d.performance?.rated;
  const cf = d.carbonFootprint;
  const soh = d.performance?.dynamic?.stateOfHealth;
  const collection = d.labels?.symbols?.some((s) => s.symbol === 'separate_collection');
  const joined = (parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;
  const rows: [string, string | undefined][] = [
    [t.model, g?.batteryModel && escapeHtml(g.batteryModel)],
    [t.manufacturer, g?.manufacturerInformation?.name && escapeHtml(g.manufacturerInformation.name)],
    [t.categoryLabel, escapeHtml(t.category[view.category] ?? view.category)],
    [
      t.capacityAndEnergy,
      joined([measureHtml(c, rated?.ratedCapacity, 'Ah'), measureHtml(c, rated?.ratedEnergy, 'kWh')]),
    ],
    [
      t.carbonFootprint,
      joined([
        measureHtml(c, cf?.batteryCarbonFootprint, 'kgCO2e/kWh'),
        cf?.carbonFootprintPerformanceClass && escapeHtml(t.footprintClass(cf.carbonFootprintPerformanceClass)),
      ]),
    ],
    [
      t.stateOfHealth,
      soh ? `${measureHtml(c, soh.value, '%')} <small>(${t.asOf(timeHtml(c, soh.lastUpdate))})</small>` : undefined,
    ],
    [t.separateCollection, collection ? escapeHtml(t.collectionText) : undefined],
    [t.uniqueIdentifier, view.unique_identifier && `<code>${escapeHtml(view.unique_identifier)}</code>`],
    [t.passport, t.passportVersion(escapeHtml(view.version), timeHtml(c, view.updated_at))],
  ];
  return `<section aria-labelledby="summary" class="card" itemscope itemtype="https://schema.org/Product"><h2 id="summary">${escapeHtml(t.summary)}</h2>${productMicrodata(c, view)}<dl>${rowsHtml(rows)}</dl></section>`;
}

/**
 * schema.org Product data for search engines and apps, as microdata on the summary card: the page
 * promises no script, and a JSON-LD block is a script element (docs/decisions.md D61).
 */
function productMicrodata(c: Ctx, view: PassportView): string {
  const g = view.data.generalProductInformation;
  const meta = (prop: string, value: string | undefined) =>
    value ? `<meta itemprop="${prop}" content="${escapeHtml(value)}">` : '';
  const manufacturer = g?.manufacturerInformation?.name
    ? `<span itemprop="manufacturer" itemscope itemtype="https://schema.org/Organization">${meta('name', g.manufacturerInformation.name)}</span>`
    : '';
  return [
    meta('name', g?.batteryModel ?? `Battery ${view.gtin}`),
    meta('gtin14', view.gtin),
    meta('category', c.t.category[view.category]),
    meta('serialNumber', view.serial || undefined),
    meta('identifier', view.unique_identifier || undefined),
    safeHref(view.digital_link) ? `<link itemprop="url" href="${escapeHtml(view.digital_link)}">` : '',
    manufacturer,
  ].join('');
}

/** Links to the same page in the other languages; each names its language in that language. */
function languageSwitch(c: Ctx, links: Record<PageLang, string> | undefined): string {
  if (!links) return '';
  const items = PAGE_LANGS.map((l) => {
    const name = escapeHtml(pageText(l).languageName);
    return l === c.lang
      ? `<li><span aria-current="true">${name}</span></li>`
      : `<li><a href="${escapeHtml(links[l])}" hreflang="${l}" lang="${l}">${name}</a></li>`;
  });
  return `<nav class="lang" aria-label="${escapeHtml(c.t.switchLabel)}"><ul>${items.join('')}</ul></nav>`;
}

/** The complete HTML document for a passport view. */
export function renderPassportPage(view: PassportView, opts: PageOptions = {}): string {
  const lang: PageLang = opts.lang && PAGE_LANGS.includes(opts.lang) ? opts.lang : 'en';
  const c: Ctx = { lang, t: pageText(lang), num: new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }) };
  const { t } = c;
  const general = view.data.generalProductInformation;
  const model = general?.batteryModel;
  const manufacturer = general?.manufacturerInformation?.name;
  const kind = view.serial ? t.batteryPassport : t.modelPassport;
  const title = model ? `${kind}: ${model}` : `${kind} ${view.gtin} ${view.serial}`.trim();
  const lead = [t.category[view.category], manufacturer].filter(Boolean).map(escapeHtml).join(' · ');
  const data = view.data as Record<string, unknown>;
  const aspects = Object.entries((PassportDataSchema as unknown as SchemaNode).properties ?? {})
    .filter(([name]) => data[name] !== undefined)
    .map(([name, schema]) => aspectSection(c, name, schema, data[name] as Record<string, unknown>));
  const linkset = opts.linksetUrl
    ? `<link rel="linkset" type="application/linkset+json" href="${escapeHtml(opts.linksetUrl)}">`
    : '';
  const alternates = opts.languageLinks
    ? PAGE_LANGS.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(opts.languageLinks![l])}">`).join(
        '',
      )
    : '';

  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
${linkset}${alternates}
<style>${CSS}</style>
</head>
<body>
<main>
${languageSwitch(c, opts.languageLinks)}
<header><h1>${escapeHtml(title)}</h1><p class="lead">${lead}</p></header>
<p class="level" role="note"><strong>${escapeHtml(t.levelTitle[view.access_level])}.</strong> ${escapeHtml(t.levelNote[view.access_level])}</p>
${summaryCard(c, view)}
${identification(c, view)}
${aspects.join('\n')}
</main>
</body>
</html>
`;
}
