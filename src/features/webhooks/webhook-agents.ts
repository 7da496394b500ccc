import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { HostAddress } from '../../platform/dns/resolvers.js';

/** Agents kept at most; the least recently used goes first (its idle connections close). */
const MAX_AGENTS = 500;
/** An idle connection closes after this long. */
const IDLE_MS = 15_000;

/**
 * Keep-alive connections per endpoint origin and checked address (docs/decisions.md D32): a burst
 * to one receiver reuses a few connections instead of opening one per delivery. The address is
 * part of the key and the agent's only lookup answer, so a connection always goes to an address
 * the SSRF check allowed (docs/webhooks.md), even when the name resolves elsewhere by now.
 */
export class AgentPool {
  private readonly agents = new Map<string, http.Agent>();

  get(url: URL, address: HostAddress): http.Agent {
    const key = `${url.protocol}//${url.host}@${address.address}`;
    let agent = this.agents.get(key);
    if (agent) this.agents.delete(key);
    else {
      const pinned: LookupFunction = (_host, options, callback) => {
        if (options.all) (callback as (e: null, a: HostAddress[]) => void)(null, [address]);
        else callback(null, address.address, address.family);
      };
      const opts = { keepAlive: true, timeout: IDLE_MS, maxSockets: 50, maxFreeSockets: 10, lookup: pinned };
      agent = url.protocol === 'https:' ? new https.Agent(opts) : new http.Agent(opts);
    }
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldest, old] = this.agents.entries().next().value!;
      this.agents.delete(oldest);
      old.destroy();
    }
    return agent;
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
