import type { FieldError } from '../../http/errors.js';
import { canonicalTimeZone } from '../../lib/time-zone.js';
import { checkUrl, normalizeUrl, type OwnHosts } from './codes.fns.js';
import type { RoutingRule } from './routing.schemas.js';

/** What the schema cannot say about rules: each url's rules (as for `url`) and each zone's existence. */
export function checkRules(rules: RoutingRule[], base: string, own: OwnHosts): FieldError[] {
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    const e = checkUrl(rule.url, `${base}/${i}/url`, own);
    if (e) errors.push(e);
    const zone = rule.when.time?.time_zone;
    if (zone !== undefined && canonicalTimeZone(zone) === null)
      errors.push({
        pointer: `${base}/${i}/when/time/time_zone`,
        detail: `${zone} is not an IANA time zone this server knows (e.g. Europe/Berlin)`,
        code: 'time_zone',
      });
  });
  return errors;
}

/** Rules in their stored form: normalised urls, canonical zone names. */
export function normalizeRules(rules: RoutingRule[]): RoutingRule[] {
  return rules.map((rule) => {
    const time = rule.when.time;
    const when =
      time?.time_zone !== undefined
        ? { ...rule.when, time: { ...time, time_zone: canonicalTimeZone(time.time_zone)! } }
        : rule.when;
    return { when, url: normalizeUrl(rule.url) };
  });
}
