import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAccountWrites } from '../api/hooks/account';
import { useUsage } from '../api/hooks/organization';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { ReceivedInvitations } from '../pages/team/ReceivedInvitations';
import { VerifyBanner } from '../pages/account/VerifyBanner';
import { Announcements } from './Announcements';
import { DeprecationBanner } from './DeprecationBanner';
import { LanguageSwitch } from './LanguageSwitch';
import { NavLinks } from './NavLinks';
import { NotificationBell } from './NotificationBell';
import { PhoneMenu } from './PhoneMenu';
import { UsageBanner } from './UsageBanner';
import { UsageMeters } from './UsageMeters';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { useFocusOnNavigate } from './focus';
import { useIsPhone } from './media';

// The log-in screens' frame imports the language switch from here too.
export { LanguageSwitch };

export function Layout() {
  const { t } = useI18n();
  const { me, signedOut } = useSession();
  const navigate = useNavigate();
  const accountWrites = useAccountWrites();
  const usage = useUsage();
  const phone = useIsPhone();
  useFocusOnNavigate();
  const logout = async () => {
    await accountWrites.logout();
    sessionStorage.setItem('qrs.loggedOut', '1');
    signedOut();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/login');
  };
  const meters = usage.data ? <UsageMeters usage={usage.data} /> : null;
  const account = (
    <>
      <span className="muted small">{me?.user.email}</span>
      <button type="button" className="btn btn-small" onClick={logout}>
        {t('nav.logout')}
      </button>
    </>
  );
  return (
    <>
      <a href="#main" className="skip">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <NavLink to="/codes" className="brand">
          {t('app.name')}
        </NavLink>
        {phone ? null : <WorkspaceSwitcher />}
        {phone ? null : meters}
        <div className="topbar-end">
          <NotificationBell />
          <LanguageSwitch />
          {phone ? (
            <PhoneMenu>
              {(close) => (
                <>
                  <WorkspaceSwitcher />
                  {meters}
                  <NavLinks onPick={close} />
                  <div className="drawer-account">{account}</div>
                </>
              )}
            </PhoneMenu>
          ) : (
            account
          )}
        </div>
      </header>
      {phone ? null : <NavLinks />}
      <main id="main" tabIndex={-1}>
        <Announcements />
        <DeprecationBanner />
        <VerifyBanner />
        <ReceivedInvitations />
        {usage.data ? <UsageBanner usage={usage.data} /> : null}
        <Outlet />
      </main>
    </>
  );
}
