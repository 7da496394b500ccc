/**
 * The host name a request addressed, in the form custom domains are stored: lower case, the port
 * dropped and every trailing dot removed. `qr.brand.example.` names the same DNS host as
 * `qr.brand.example` (browsers send it as written), so comparing the raw header would let the
 * dotted form escape a custom domain's workspace scoping.
 */
export function normalizeRequestHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  // Every trailing dot, not one: `name..` left as `name.` matched no domain and escaped its
  // scoping. A loop, not /\.+$/, which backtracks on a long run of dots.
  let end = host.length;
  while (end > 0 && host.charCodeAt(end - 1) === 46) end--;
  return host.slice(0, end);
}
