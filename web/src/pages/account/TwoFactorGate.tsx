import { useNavigate } from 'react-router';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { AuthFrame } from './AuthFrame';
import { TwoFactor } from './TwoFactor';
import './account.css';

/**
 * Shown instead of every page while the current organization requires two-factor sign-in
 * (`settings.require_2fa`) and the user has not turned it on: its routes refuse the session until
 * then, so enrolment (or logging out) is all there is to do.
 */
export function TwoFactorGate() {
  const { t } = useI18n();
  const { signedOut } = useSession();
  const navigate = useNavigate();
  const account = useAccountWrites();
  const logout = async () => {
    await account.logout();
    signedOut();
    void navigate('/login');
  };
  return (
    <AuthFrame title={t('account.gate.title')} focusTitle>
      <div data-testid="two-factor-gate">
        <p>{t('account.gate.intro')}</p>
        <TwoFactor />
        <p>
          <button type="button" className="btn btn-small" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </p>
      </div>
    </AuthFrame>
  );
}
