// The navigation as data, one line per entry: a screen added by another feature (webhooks, billing,
// privacy) is one more line here. `section` puts it under the main list or under Settings; `badge`
// names a small count component rendered beside the label.
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/en';
import { ApprovalBadge } from '../pages/team/ApprovalBadge';

export interface NavEntry {
  to: string;
  label: MessageKey;
  section: 'main' | 'settings';
  badge?: ComponentType;
}

export const NAV: NavEntry[] = [
  { to: '/codes', label: 'nav.codes', section: 'main' },
  { to: '/approvals', label: 'nav.approvals', section: 'main', badge: ApprovalBadge },
  { to: '/analytics', label: 'nav.overview', section: 'main' },
  { to: '/batch', label: 'nav.batch', section: 'main' },
  { to: '/passports', label: 'nav.passports', section: 'main' },
  { to: '/audit', label: 'nav.audit', section: 'main' },
  { to: '/keys', label: 'nav.keys', section: 'main' },
  { to: '/webhooks', label: 'nav.webhooks', section: 'main' },
  { to: '/workspaces', label: 'nav.workspaces', section: 'main' },
  { to: '/account', label: 'nav.account', section: 'main' },
  { to: '/export', label: 'nav.export', section: 'main' },
  { to: '/settings/organization', label: 'nav.organization', section: 'settings' },
  { to: '/settings/members', label: 'nav.members', section: 'settings' },
  { to: '/settings/permissions', label: 'nav.permissions', section: 'settings' },
  { to: '/settings/domains', label: 'nav.domains', section: 'settings' },
  { to: '/settings/brand', label: 'design.nav', section: 'settings' },
  { to: '/settings/gs1-prefixes', label: 'nav.gs1', section: 'settings' },
  { to: '/billing', label: 'nav.billing', section: 'settings' },
  { to: '/privacy', label: 'nav.privacy', section: 'settings' },
];
