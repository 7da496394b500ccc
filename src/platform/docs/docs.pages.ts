import { ERROR_TYPES, type ErrorTypeName } from '../../http/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { marked } from 'marked';
import { ERROR_CODES } from './error-codes.js';

/** Markdown from our own tables (never user input), rendered by marked. */
const md = (text: string) => marked.parse(text, { async: false });

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
code{background:#f3f3f3;padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}</style></head>
<body>${body}</body></html>`;
}

/**
 * The interactive reference: Scalar's renderer, loaded from our own server (no CDN), started by a
 * separate script file so the page needs no inline script under a strict Content-Security-Policy.
 */
export function referencePage(docsPath: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>qrs API reference</title></head><body><div id="api-reference-app"></div>
<noscript><p>The interactive reference needs JavaScript. The OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<script src="${docsPath}/assets/scalar.js"></script><script src="${docsPath}/assets/reference.js"></script></body></html>`;
}

/**
 * Scalar's light theme with text colours of at least 4.5:1 on its backgrounds (its greys, HTTP
 * method colours and accent fall short at the small sizes it uses), and code blocks and endpoint
 * lists that wrap or grow instead of scrolling, so no scroll region lacks a keyboard stop.
 */
const REFERENCE_CSS = `.light-mode {
  --scalar-color-2: #595959 !important;
  --scalar-color-3: #5e5e5e !important;
  --scalar-color-accent: #005a9c !important;
  --scalar-color-blue: #005a9c !important;
  --scalar-color-green: #1d6b2a !important;
  --scalar-color-orange: #8f4200 !important;
  --scalar-color-yellow: #6f5300 !important;
  --scalar-color-red: #b0201a !important;
  --scalar-color-purple: #67379c !important;
  --scalar-sidebar-color-2: #4a4a4a !important;
}
/* A phone shows a tag's list of endpoints, and a response's example, whole rather than in a
   scroll box a keyboard cannot reach (axe: scrollable-region-focusable). */
.max-h-\\[60vh\\],
.endpoints {
  max-height: none !important;
  overflow: visible !important;
}
.markdown pre, .markdown pre code, .markdown pre .custom-scroll {
  overflow: visible !important;
  white-space: pre-wrap !important;
  overflow-wrap: anywhere;
}`;

export function referenceScript(): string {
  return `// Starts the API reference from /openapi.json. Fonts and everything else come from this server.
window.Scalar.createApiReference('#api-reference-app', {
  url: '/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  persistAuth: false,
  // "Ask AI" and "Generate MCP" call Scalar's hosted services: off, so every page works offline.
  agent: { disabled: true },
  mcp: { disabled: true },
  metaData: { title: 'qrs API reference' },
  // One theme, checked with axe at 1280 and 360 px (test/web/api-reference.test.ts, docs/decisions.md D34).
  forceDarkModeState: 'light',
  hideDarkModeToggle: true,
  customCss: ${JSON.stringify(REFERENCE_CSS)},
});
`;
}

export function notFoundPage(detail: string): string {
  return page(
    'Not found – qrs docs',
    `<h1>Not found</h1><p>${escapeHtml(detail)}</p><p><a href="/docs">API reference</a></p>`,
  );
}

export function errorPage(type: ErrorTypeName): string {
  const def = ERROR_TYPES[type];
  const codes = ERROR_CODES[type];
  const codeRows = codes
    ? Object.entries(codes)
        .map(([code, what]) => `<tr><td><code>${escapeHtml(code)}</code></td><td>${md(what)}</td></tr>`)
        .join('')
    : '';
  return page(
    `${type} – qrs errors`,
    `<h1>${escapeHtml(type)}</h1><p>HTTP status <strong>${def.status}</strong> (${escapeHtml(def.title)}).</p>
${md(def.description)}
${md('Every error is an RFC 7807 problem document with `type`, `title`, `status`, `detail`, `instance` and `request_id`; validation errors add `errors[]` items `{pointer, detail, code}`.')}
${codes ? `<h2>Codes</h2><p>The <code>code</code> of each <code>errors[]</code> item:</p><table><thead><tr><th>code</th><th>Meaning</th></tr></thead><tbody>${codeRows}</tbody></table>` : '<p>This error has no <code>errors[]</code> items.</p>'}
<p><a href="/docs">API reference</a></p>`,
  );
}

export function versioningPage(version: string): string {
  return page(
    'API versioning – qrs',
    `<h1>API versioning</h1>
<p>The version is the first path segment: <code>/v1/</code>. The current version is <strong>v1</strong> (stable, long-term support, at least until March 2027); this server implements ${escapeHtml(version)}. Every response carries <code>meta.api_version</code>.</p>
<p>Lifecycle: beta (0–3 months), stable/LTS (12 months or more), maintenance (6 months, fixes only), end of life.</p>
<p>Breaking changes (removed or renamed fields, changed status codes, removed endpoints, a new authentication method, incompatible error format) only come with a new major version, announced at least 90 days ahead; the old version runs in parallel for at least 6 months. New optional fields, endpoints, query parameters and error codes are compatible changes.</p>
<p>A deprecated version or endpoint answers with <code>Deprecation: true</code>, <code>Sunset: &lt;HTTP-date&gt;</code> and <code>Link: &lt;…&gt;; rel="deprecation"</code>. Requests to an unknown version (<code>/v0/</code>, <code>/v2/</code>) get a 404 problem document naming the supported versions.</p>`,
  );
}
