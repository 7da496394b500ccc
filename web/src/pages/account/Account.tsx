import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { ChangePassword } from './ChangePassword';
import { EmailChange } from './EmailChange';
import { Language } from './Language';
import { TwoFactor } from './TwoFactor';
import { NotificationPreferences } from './NotificationPreferences';
import './account.css';
import { planName } from '../../ui/plan-name';

/** The account settings: plan, language, address, password, two-factor sign-in, notifications. */
export function Account() {
  const { t } = useI18n();
  const { me } = useSession();
  const org = me?.organizations.find((o) => o.id === me.current.organization_id);
  return (
    <section>
      <h1>{t('nav.account')}</h1>
      <p>
        {me?.user.email}
        {org ? (
          <>
            {' '}
            ·{' '}
            <span id="plan">
              {org.name}: {planName(t, org.plan)}
            </span>
          </>
        ) : null}
      </p>
      <Language />
      <EmailChange />
      <ChangePassword />
      <TwoFactor />
      <NotificationPreferences />
    </section>
  );
}
