import { useI18n } from '../../i18n/i18n';
import type { Schemas } from '../../api/client';
import { UserActions } from './UserActions';

type User = Schemas['OperatorUser'];

/** One user: organizations with roles, 2FA, verified, disabled, last sign-in, and the actions. */
export function UserRow({ user: u }: { user: User }) {
  const { t, fmtDate } = useI18n();
  const yes = (b: boolean) => (b ? t('opx.yes') : t('opx.no'));
  const facts: Array<[string, string]> = [
    [t('opx.users.orgs'), u.organizations.map((o) => `${o.name} (${o.role})`).join(', ') || t('app.none')],
    [t('opx.users.twoFactor'), yes(u.two_factor)],
    [t('opx.users.verified'), yes(u.email_verified)],
    [
      t('opx.users.disabled'),
      u.disabled_at
        ? t('opx.users.disabledSince', { when: fmtDate(u.disabled_at), reason: u.disabled_reason ?? '' })
        : t('opx.no'),
    ],
    [t('opx.users.lastSignIn'), u.last_sign_in_at ? fmtDate(u.last_sign_in_at) : t('app.none')],
  ];
  return (
    <li className="account-section" data-testid="op-user" data-email={u.email}>
      <h2>
        {u.name ? `${u.name} · ` : ''}
        {u.email}
      </h2>
      <p className="small muted">
        <code>{u.id}</code>
      </p>
      <dl className="operator-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <UserActions user={u} />
    </li>
  );
}
