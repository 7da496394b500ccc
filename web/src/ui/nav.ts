// The navigation as data, one line per entry: a screen added by another feature (webhooks, billing,
// privacy) is one more line here. `section` puts it under the main list or under Settings; `badge`
// names a small count component rendered beside the label; `may` lists the actions (any of them) of
// the server's permission table that make the screen worth opening, so a role sees only what it can
// use (an approver no settings it cannot change). Without `may` every signed-in person sees it.
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/en';
import { ApprovalBadge } from '../pages/team/ApprovalBadge';

export interface NavEntry {
  to: string;
  label: MessageKey;
  section: 'main' | 'settings';
  badge?: ComponentType;
  may?: readonly string[];
}

export const NAV: NavEntry[] = [
  { to: '/codes', label: 'nav.codes', section: 'main' },
  {
    to: '/approvals',
    label: 'nav.approvals',
    section: 'main',
    badge: ApprovalBadge,
    may: ['codes.approve', 'codes.write'],
  },
  { to: '/analytics', label: 'nav.overview', section: 'main' },
  { to: '/batch', label: 'nav.batch', section: 'main', may: ['codes.write'] },
  { to: '/passports', label: 'nav.passports', section: 'main' },
  { to: '/audit', label: 'nav.audit', section: 'main' },
  { to: '/keys', label: 'nav.keys', section: 'main', may: ['api_keys.manage'] },
  { to: '/webhooks', label: 'nav.webhooks', section: 'main', may: ['webhooks.manage'] },
  { to: '/workspaces', label: 'nav.workspaces', section: 'main' },
  { to: '/account', label: 'nav.account', section: 'main' },
  { to: '/export', label: 'nav.export', section: 'main' },
  { to: '/settings/organization', label: 'nav.organization', section: 'settings', may: ['organizations.update'] },
  { to: '/settings/members', label: 'nav.members', section: 'settings', may: ['members.read'] },
  { to: '/settings/sso', label: 'nav.sso', section: 'settings', may: ['sso.manage'] },
  { to: '/settings/permissions', label: 'nav.permissions', section: 'settings', may: ['members.read'] },
  { to: '/settings/domains', label: 'nav.domains', section: 'settings', may: ['workspaces.update'] },
  { to: '/settings/brand', label: 'design.nav', section: 'settings', may: ['codes.write'] },
  { to: '/settings/gs1-prefixes', label: 'nav.gs1', section: 'settings', may: ['gs1_prefixes.manage'] },
  {
    to: '/settings/passport-access',
    label: 'creds.nav',
    section: 'settings',
    may: ['dpp.credentials.manage'],
  },
  { to: '/billing', label: 'nav.billing', section: 'settings', may: ['billing.manage'] },
  { to: '/privacy', label: 'nav.privacy', section: 'settings' },
];
