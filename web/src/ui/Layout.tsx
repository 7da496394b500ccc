import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { onDeprecation, type DeprecationNotice } from '../api/client';
import { useAccountWrites } from '../api/hooks/account';
import { useUsage } from '../api/hooks/organization';
import { LANGS, useI18n, type Lang } from '../i18n/i18n';
import { useSession } from '../session';
import { NAV } from './nav';
import { useCanDo } from './can';
import { ReceivedInvitations } from '../pages/team/ReceivedInvitations';
import { OperatorNavEntry } from '../pages/operator/OperatorNavEntry';
import { VerifyBanner } from '../pages/account/VerifyBanner';
import { Announcements } from './Announcements';
import { NotificationBell } from './NotificationBell';
import { UsageBanner } from './UsageBanner';
import { useFocusOnNavigate } from './focus';
import { useIsPhone } from './media';
import { useChooseLanguage } from './language';

export function LanguageSwitch() {
  const { lang, t } = useI18n();
  const choose = useChooseLanguage();
  return (
    <label className="lang">
      <span className="sr-only">{t('app.language')}</span>
      <select
        aria-label={t('app.language')}
        data-testid="language-switch"
        value={lang}
        // The dashboard switches at once; storing the choice on the user may fail quietly (the account page retries).
        onChange={(e) => void choose(e.target.value as Lang).catch(() => undefined)}
      >
        {(Object.keys(LANGS) as Lang[]).map((l) => (
          <option key={l} value={l}>
            {LANGS[l].label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Switcher() {
  const { me, selectWorkspace, selectOrganization } = useSession();
  const { t } = useI18n();
  if (!me) return null;
  return (
    <div className="switcher">
      {me.organizations.length > 1 ? (
        <label>
          {t('switcher.organization')}
          <select
            aria-label={t('switcher.organization')}
            value={me.current.organization_id ?? ''}
            onChange={(e) => selectOrganization(e.target.value)}
          >
            {me.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span className="org-name">{me.organizations[0]?.name}</span>
      )}
      <label>
        {t('switcher.workspace')}
        <select
          aria-label={t('switcher.workspace')}
          data-testid="workspace-switcher"
          value={me.current.workspace_id ?? ''}
          onChange={(e) => selectWorkspace(e.target.value)}
        >
          {me.workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Meter({ label, used, limit, pct }: { label: string; used: number; limit: number; pct: number }) {
  const { t, fmtNumber } = useI18n();
  const level = pct >= 100 ? 'full' : pct >= 80 ? 'high' : 'ok';
  return (
    <div className={`meter meter-${level}`}>
      <span className="meter-label">{label}</span>
      <progress max={100} value={Math.min(pct, 100)} aria-label={label} aria-valuetext={`${pct} %`} />
      <span className="meter-value">{t('usage.meter', { used: fmtNumber(used), limit: fmtNumber(limit) })}</span>
    </div>
  );
}

function DeprecationBanner() {
  const { t, fmtDate } = useI18n();
  const [notice, setNotice] = useState<DeprecationNotice | null>(null);
  useEffect(() => onDeprecation(setNotice), []);
  if (!notice) return null;
  return (
    <div className="banner banner-warn" role="status" data-testid="deprecation-banner">
      <p>
        {t('deprecation.banner', { method: notice.method, path: notice.path })}
        {notice.sunset ? ` ${t('deprecation.sunset', { date: fmtDate(notice.sunset) })}` : ''}
        {notice.link ? (
          <>
            {' '}
            <a href={notice.link}>{t('deprecation.link')}</a>
          </>
        ) : null}
      </p>
      <button type="button" className="btn btn-small" onClick={() => setNotice(null)}>
        {t('app.close')}
      </button>
    </div>
  );
}

/** The navigation's links the person's role may use, in the side column on a desktop and in the menu on a phone. */
function NavLinks({ onPick }: { onPick?: () => void }) {
  const { t } = useI18n();
  const can = useCanDo();
  const shown = NAV.filter((e) => !e.may || e.may.some(can));
  const settings = shown.filter((e) => e.section === 'settings');
  return (
    <nav className="sidenav" aria-label={t('nav.main')}>
      {shown
        .filter((e) => e.section === 'main')
        .map((e) => (
          <NavLink key={e.to} to={e.to} onClick={onPick}>
            {t(e.label)}
            {e.badge ? <e.badge /> : null}
          </NavLink>
        ))}
      {settings.length ? <h2 className="sidenav-head">{t('nav.settings')}</h2> : null}
      {settings.map((e) => (
        <NavLink key={e.to} to={e.to} onClick={onPick}>
          {t(e.label)}
        </NavLink>
      ))}
      <OperatorNavEntry onPick={onPick} />
    </nav>
  );
}

/**
 * Below 640 px the navigation, the organization and workspace switcher, the meters and logging out
 * sit behind one labelled Menu button: a Radix dialog (focus kept inside, Escape closes, focus
 * returns to the button), docs/decisions.md D36.
 */
function PhoneMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // A picked link moves focus to the new screen's heading (useFocusOnNavigate), not back to the button.
  const picked = useRef(false);
  const close = () => {
    picked.current = true;
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-small menu-button" data-testid="menu-button">
        {t('nav.menu')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (picked.current) e.preventDefault();
            picked.current = false;
          }}
        >
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close className="btn btn-small">{t('app.close')}</Dialog.Close>
          </div>
          {children(close)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

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
  const meters = usage.data ? (
    <div className="meters" data-testid="usage-meters">
      <Meter
        label={t('usage.scans')}
        used={usage.data.scans.used}
        limit={usage.data.scans.limit}
        pct={usage.data.scans.usage_pct}
      />
      <Meter
        label={t('usage.dynamic')}
        used={usage.data.dynamic_codes.used}
        limit={usage.data.dynamic_codes.limit}
        pct={usage.data.dynamic_codes.usage_pct}
      />
    </div>
  ) : null;
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
        {phone ? null : <Switcher />}
        {phone ? null : meters}
        <div className="topbar-end">
          <NotificationBell />
          <LanguageSwitch />
          {phone ? (
            <PhoneMenu>
              {(close) => (
                <>
                  <Switcher />
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
