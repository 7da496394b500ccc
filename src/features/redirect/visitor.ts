import type { FastifyRequest } from 'fastify';
import { classifyAgent, countryFrom, languageFrom, type AgentInfo } from '../scans/index.js';
import type { GeoLocator, Place } from '../../platform/geo/locator.js';
import type { Visitor } from './routing.js';

/** Where a visitor's place comes from: the trusted country header, else the IP database (docs/decisions.md D79). */
export interface PlaceSources {
  countryHeader: string | null;
  geo: GeoLocator;
}

const NOWHERE: Place = { country: null, region: null, city: null };

/**
 * What one request tells about its visitor, each field parsed at most once: the routing rules and
 * the scan record read the same values, so a rule costs a comparison, not another parse.
 */
export class RequestVisitor implements Visitor {
  private agentInfo: AgentInfo | undefined;
  private lang: string | null | undefined;
  private where: Place | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly sources: PlaceSources,
  ) {}

  agent(): AgentInfo {
    return (this.agentInfo ??= classifyAgent(this.request.headers['user-agent']));
  }

  device(): string | null {
    return this.agent().device;
  }

  os(): string | null {
    return this.agent().os;
  }

  language(): string | null {
    if (this.lang === undefined) this.lang = languageFrom(this.request.headers['accept-language']);
    return this.lang;
  }

  /**
   * Country, region and city: one in-memory lookup of the client IP (TRUST_PROXY decides which
   * address that is). A trusted country header wins; where it names another country than the
   * database, the database's region and city are dropped rather than stored beside it.
   */
  place(): Place {
    if (this.where) return this.where;
    const { countryHeader, geo } = this.sources;
    const header = countryHeader ? countryFrom(this.request.headers[countryHeader]) : null;
    const ip = this.request.ip;
    const found = (ip ? geo.locate(ip) : null) ?? NOWHERE;
    if (header === null || header === found.country) return (this.where = found);
    return (this.where = { country: header, region: null, city: null });
  }

  country(): string | null {
    return this.place().country;
  }

  region(): string | null {
    return this.place().region;
  }

  query(name: string): string | undefined {
    const v = (this.request.query as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(v) ? v[0] : v;
  }
}
