import { ERROR_TYPES, type ErrorTypeName } from '../../http/errors.js';
import { escapeHtml } from '../../lib/html.js';


export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
code{background:#f3f3f3;padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}</style></head>
<body>${body}</body></html>`;
}

interface OpenApiDoc {
  paths?: Record<string, Record<string, { summary?: string; operationId?: string; tags?: string[] }>>;
}

export function referencePage(doc: OpenApiDoc, docsUrl: string): string {
  const rows = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) =>
      `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? op.operationId ?? '')}</td></tr>`));
  const errors = Object.keys(ERROR_TYPES).map((t) => `<li><a href="${docsUrl}/errors/${t}">${t}</a></li>`).join('');
  return page('qrs API reference', `<h1>qrs API reference</h1>
<p>The machine-readable OpenAPI 3.1 document is at <a href="/openapi.json">/openapi.json</a>. Authenticate with
<code>Authorization: Bearer qrs_sk_…</code>. Versioning: <a href="${docsUrl}/api/versioning">policy</a>.</p>
<h2>Routes</h2><table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<h2>Error types</h2><ul>${errors}</ul>`);
}

export function errorPage(type: ErrorTypeName): string {
  const def = ERROR_TYPES[type];
  return page(`${type} – qrs errors`, `<h1>${escapeHtml(type)}</h1><p>HTTP status <strong>${def.status}</strong> (${escapeHtml(def.title)}).</p>
<p>${escapeHtml(def.description)}</p><p>Every error is an RFC 7807 problem document with <code>type</code>, <code>title</code>,
<code>status</code>, <code>detail</code>, <code>instance</code> and <code>request_id</code>; validation errors add <code>errors[]</code>
items <code>{pointer, detail, code}</code>.</p>`);
}

export function versioningPage(version: string): string {
  return page('API versioning – qrs', `<h1>API versioning</h1>
<p>The version is the first path segment: <code>/v1/</code>. The current version is <strong>v1</strong> (stable, long-term support, at least until March 2027); this server implements ${escapeHtml(version)}. Every response carries <code>meta.api_version</code>.</p>
<p>Lifecycle: beta (0–3 months), stable/LTS (12 months or more), maintenance (6 months, fixes only), end of life.</p>
<p>Breaking changes (removed or renamed fields, changed status codes, removed endpoints, a new authentication method, incompatible error format) only come with a new major version, announced at least 90 days ahead; the old version runs in parallel for at least 6 months. New optional fields, endpoints, query parameters and error codes are compatible changes.</p>
<p>A deprecated version or endpoint answers with <code>Deprecation: true</code>, <code>Sunset: &lt;HTTP-date&gt;</code> and <code>Link: &lt;…&gt;; rel="deprecation"</code>. Requests to an unknown version (<code>/v0/</code>, <code>/v2/</code>) get a 404 problem document naming the supported versions.</p>`);
}
