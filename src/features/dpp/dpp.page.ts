// The public passport page: server-rendered, accessible, mobile first, no script. It renders a
// PassportView (already filtered by access level) guided by the contract, so labels and units
// come from the schema and every value passes through one escaping function.
import { PassportDataSchema, UNITS, labelFor, type Category, type SchemaNode, type Unit } from './dpp.contract.js';
import type { PassportView } from './dpp.public-view.js';
import { escapeHtml } from '../../lib/html.js';

export interface PageOptions {
  /** Language of the page text (labels are English). */
  lang?: string;
  /** Where the linkset of this passport is served (advertised with rel="linkset"). */
  linksetUrl?: string;
}

const CATEGORY_LABEL: Record<Category, string> = {
  ev: 'Electric vehicle (EV) battery',
  lmt: 'Light means of transport (LMT) battery',
  industrial: 'Industrial battery',
  stationary: 'Stationary battery energy storage system',
};

const LEVEL_NOTE = {
  public:
    'This page shows the publicly accessible information. Persons with a legitimate interest and the authorities can access further information (Regulation (EU) 2023/1542, Annex XIII).',
  legitimate_interest:
    'This page includes information reserved to persons with a legitimate interest (Regulation (EU) 2023/1542, Annex XIII).',
  authority:
    'This page includes information reserved to notified bodies, market surveillance authorities and the Commission (Regulation (EU) 2023/1542, Annex XIII).',
} as const;

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
.note{font-size:.9rem;margin-top:2rem;border-top:1px solid #ccc;padding-top:.5rem}
@media (min-width:40rem){section>dl{display:grid;grid-template-columns:minmax(10rem,1fr) 2fr;column-gap:1rem}
section>dl>dd{margin-top:.5rem}}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}a{color:#8ab4f8}.lead,.note,small{color:#bbb}dd dl{border-color:#444}}
`.trim();

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });
const ENUM_LABEL: Record<string, string> = { ce_marking: 'CE marking' };
const humanize = (s: string) => {
  if (ENUM_LABEL[s]) return ENUM_LABEL[s];
  const words = s.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function unitHtml(unit: Unit | undefined): string {
  if (!unit) return '';
  return `&nbsp;<abbr title="${escapeHtml(UNITS[unit])}">${escapeHtml(unit)}</abbr>`;
}

// Stored data was validated, but a page must not turn a bad value into a script link.
const safeHref = (s: string) => /^https?:\/\//i.test(s);

// Units are never inherited: every number in the contract carries its own x-unit (or has none).
function scalar(schema: SchemaNode, value: unknown): string {
  if (typeof value === 'number') return `${escapeHtml(numberFormat.format(value))}${unitHtml(schema['x-unit'])}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  if (schema.format === 'uri' && safeHref(text)) return `<a href="${escapeHtml(text)}">${escapeHtml(text)}</a>`;
  if (schema.format === 'date' || schema.format === 'date-time') {
    return `<time datetime="${escapeHtml(text)}">${escapeHtml(text)}</time>`;
  }
  if (schema.enum) return escapeHtml(humanize(text));
  return escapeHtml(text);
}

function isDynamic(schema: SchemaNode): boolean {
  return Boolean(schema.properties?.value && schema.properties?.lastUpdate);
}

function valueHtml(schema: SchemaNode, value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    const items = schema.items ?? {};
    return `<ul>${value.map((v) => `<li>${valueHtml(items, v)}</li>`).join('')}</ul>`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (isDynamic(schema)) {
      const when = scalar(schema.properties!.lastUpdate, record.lastUpdate);
      return `${valueHtml(schema.properties!.value, record.value)} <small>(as of ${when})</small>`;
    }
    return definitionList(schema, record);
  }
  return scalar(schema, value);
}

function definitionList(schema: SchemaNode, record: Record<string, unknown>): string {
  const rows = Object.entries(schema.properties ?? {})
    .filter(([key]) => record[key] !== undefined)
    .map(([key, child]) => `<dt>${escapeHtml(labelFor(key))}</dt><dd>${valueHtml(child, record[key])}</dd>`);
  return rows.length ? `<dl>${rows.join('')}</dl>` : '';
}

const isGroup = (schema: SchemaNode) => schema.type === 'object' && !schema['x-access'];

function aspectSection(name: string, schema: SchemaNode, record: Record<string, unknown>): string {
  const id = `aspect-${name}`;
  const parts: string[] = [];
  const attributes: [string, SchemaNode][] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (record[key] === undefined) continue;
    if (isGroup(child)) {
      const inner = definitionList(child, record[key] as Record<string, unknown>);
      if (inner) parts.push(`<h3>${escapeHtml(labelFor(key))}</h3>${inner}`);
    } else attributes.push([key, child]);
  }
  const own = definitionList({ properties: Object.fromEntries(attributes) }, record);
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(labelFor(name))}</h2>${own}${parts.join('')}</section>`;
}

function identification(view: PassportView): string {
  const rows: [string, string][] = [
    ['GTIN', escapeHtml(view.gtin)],
    ['Serial number', escapeHtml(view.serial)],
  ];
  if (view.lot) rows.push(['Batch or lot', escapeHtml(view.lot)]);
  rows.push(['Battery category', escapeHtml(CATEGORY_LABEL[view.category] ?? view.category)]);
  if (view.battery_status) rows.push(['Battery status', escapeHtml(humanize(view.battery_status))]);
  rows.push(
    ['Passport version', escapeHtml(view.version)],
    ['Last updated', `<time datetime="${escapeHtml(view.updated_at)}">${escapeHtml(view.updated_at)}</time>`],
  );
  if (safeHref(view.digital_link)) {
    rows.push(['Digital link', `<a href="${escapeHtml(view.digital_link)}">${escapeHtml(view.digital_link)}</a>`]);
  }
  const dl = rows.map(([dt, dd]) => `<dt>${escapeHtml(dt)}</dt><dd>${dd}</dd>`).join('');
  return `<section aria-labelledby="identification"><h2 id="identification">Identification</h2><dl>${dl}</dl></section>`;
}

/** The complete HTML document for a passport view. */
export function renderPassportPage(view: PassportView, opts: PageOptions = {}): string {
  const lang = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/.test(opts.lang ?? '') ? opts.lang! : 'en';
  const general = view.data.generalProductInformation;
  const model = general?.batteryModel;
  const manufacturer = general?.manufacturerInformation?.name;
  const title = model ? `Battery passport: ${model}` : `Battery passport ${view.gtin} ${view.serial}`;
  const lead = [CATEGORY_LABEL[view.category], manufacturer].filter(Boolean).map(escapeHtml).join(' · ');
  const data = view.data as Record<string, unknown>;
  const aspects = Object.entries((PassportDataSchema as unknown as SchemaNode).properties ?? {})
    .filter(([name]) => data[name] !== undefined)
    .map(([name, schema]) => aspectSection(name, schema, data[name] as Record<string, unknown>));
  const linkset = opts.linksetUrl
    ? `<link rel="linkset" type="application/linkset+json" href="${escapeHtml(opts.linksetUrl)}">`
    : '';

  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
${linkset}
<style>${CSS}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(title)}</h1><p class="lead">${lead}</p></header>
${identification(view)}
${aspects.join('\n')}
<p class="note">${escapeHtml(LEVEL_NOTE[view.access_level])}</p>
</main>
</body>
</html>
`;
}
