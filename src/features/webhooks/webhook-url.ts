import { isIP } from 'node:net';
import type { HostAddress, HostResolver } from '../../platform/dns/resolvers.js';
import { isPublicAddress } from '../../lib/ip-ranges.js';

export interface UrlRules {
  /** production: only https */
  httpsOnly: boolean;
  /** WEBHOOK_ALLOW_PRIVATE */
  allowPrivate: boolean;
  resolver: HostResolver;
}

/** Why a URL is refused (a 422's detail and code), or null. */
export interface UrlRefusal {
  detail: string;
  code: 'invalid_url' | 'https_required' | 'private_address' | 'unresolvable';
}

export function parseEndpointUrl(raw: string, rules: Pick<UrlRules, 'httpsOnly'>): URL | UrlRefusal {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { detail: 'must be an absolute http(s) URL', code: 'invalid_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { detail: 'must be an absolute http(s) URL', code: 'invalid_url' };
  if (url.username || url.password) return { detail: 'must not carry a user name or password', code: 'invalid_url' };
  if (rules.httpsOnly && url.protocol !== 'https:') return { detail: 'must use https', code: 'https_required' };
  return url;
}

/**
 * The addresses to dial for `url`, every one of them public, or why not (docs/webhooks.md, SSRF).
 * The sender connects to an address from this list and never resolves again, so a name that
 * changes its answer between the check and the connection (DNS rebinding) gains nothing.
 */
export async function addressesOf(url: URL, rules: UrlRules): Promise<HostAddress[] | UrlRefusal> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: HostAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await rules.resolver.lookup(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { detail: `${host} does not resolve`, code: 'unresolvable' };
  }
  if (!rules.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    return { detail: 'must not point to a loopback, private, link-local or metadata address', code: 'private_address' };
  return addresses;
}

export function isRefusal(x: unknown): x is UrlRefusal {
  return typeof x === 'object' && x !== null && 'code' in x && 'detail' in x;
}
