// The console's sub-navigation as data, one line per screen: a screen another change adds (the GS1
// queue, announcements, limits, users) is one more line here and one route in operator-routes.tsx.
import type { MessageKey } from '../../i18n/en';

export interface OperatorNavEntry {
  /** under /operator/ */
  to: string;
  label: MessageKey;
}

export const OPERATOR_NAV: OperatorNavEntry[] = [
  { to: 'organizations', label: 'op.nav.organizations' },
  { to: 'users', label: 'op.nav.users' },
  { to: 'health', label: 'op.nav.health' },
  { to: 'audit', label: 'op.nav.audit' },
  { to: 'gs1-prefixes', label: 'op.nav.gs1' },
  { to: 'announcements', label: 'op.nav.announcements' },
  { to: 'limits', label: 'op.nav.limits' },
  { to: 'operators', label: 'op.nav.operators' },
];
