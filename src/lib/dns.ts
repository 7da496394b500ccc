import { Resolver } from 'node:dns/promises';

/** The one DNS call the service makes (custom-domain verification); tests pass their own. */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** Node's resolver with a short timeout, so a verify request never waits long on a slow zone. */
export function systemDnsResolver(timeoutMs = 3_000): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}
