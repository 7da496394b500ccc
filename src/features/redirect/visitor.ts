import type { FastifyRequest } from 'fastify';
import { classifyAgent, countryFrom, languageFrom, type AgentInfo } from '../scans/index.js';
import type { Visitor } from './routing.js';

/**
 * What one request tells about its visitor, each field parsed at most once: the routing rules and
 * the scan record read the same values, so a rule costs a comparison, not another parse.
 */
export class RequestVisitor implements Visitor {
  private agentInfo: AgentInfo | undefined;
  private lang: string | null | undefined;
  private ctry: string | null | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly countryHeader: string | null,
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

  country(): string | null {
    if (this.ctry === undefined)
      this.ctry = this.countryHeader ? countryFrom(this.request.headers[this.countryHeader]) : null;
    return this.ctry;
  }

  query(name: string): string | undefined {
    const v = (this.request.query as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(v) ? v[0] : v;
  }
}
