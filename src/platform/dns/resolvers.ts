import { lookup, Resolver } from 'node:dns/promises';

/** The one DNS call the service makes (custom-domain verification); tests pass their own. */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** Node's resolver with a short timeout, so a verify request never waits long on a slow zone. */
export function systemDnsResolver(timeoutMs = 3_000): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}

export interface HostAddress {
  address: string;
  family: 4 | 6;
}

/** Address lookups for outgoing connections (webhooks), so the caller checks the address it then dials. */
export interface HostResolver {
  lookup(host: string): Promise<HostAddress[]>;
}

/** The system's resolver (getaddrinfo: /etc/hosts included), every address of the host. */
export const systemHostResolver: HostResolver = {
  lookup: async (host) =>
    (await lookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })),
};
