/**
 * The dashboard's Content-Security-Policy, in one place. No inline script or style element may
 * run: Vite emits only external files, React sets styles through the CSSOM (which CSP allows),
 * and QR previews are shown as <img> of blob: URLs, so server SVG never enters the page's DOM.
 * `connect-src 'self'`: the app talks only to this service.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
