import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { api, ok, onDeprecation, type DeprecationNotice, type Usage } from '../api/client';
import { LANGS, useI18n, type Lang } from '../i18n/i18n';
import { useSession, useWsKey } from '../session';

export function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="lang">
      <span className="sr-only">{t('app.language')}</span>
      <select aria-label={t('app.language')} value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
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

export function useUsage() {
  const key = useWsKey('usage');
  return useQuery({ queryKey: key, queryFn: () => ok(api.GET('/v1/organizations/usage')), refetchInterval: 60_000 });
}

function UsageBanner({ usage }: { usage: Usage }) {
  const { t } = useI18n();
  const meters = [
    { what: t('usage.scans'), pct: usage.scans.usage_pct },
    { what: t('usage.dynamic'), pct: usage.dynamic_codes.usage_pct },
  ]
    .filter((m) => m.pct >= 80)
    .sort((a, b) => b.pct - a.pct);
  if (!meters.length) return null;
  const top = meters[0];
  return (
    <div
      className={`banner ${top.pct >= 100 ? 'banner-error' : 'banner-warn'}`}
      role="status"
      data-testid="usage-banner"
    >
      <p>
        {top.pct >= 100 ? t('usage.warn100', { what: top.what }) : t('usage.warn80', { pct: top.pct, what: top.what })}
      </p>
      <p>
        <a href="/account#plan" className="btn btn-small">
          {t('usage.upgrade')}
        </a>{' '}
        <span className="muted">{t('usage.upgradeHint')}</span>
      </p>
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

export function Layout() {
  const { t } = useI18n();
  const { me, signedOut } = useSession();
  const navigate = useNavigate();
  const usage = useUsage();
  const logout = async () => {
    await api.POST('/auth/logout');
    sessionStorage.setItem('qrs.loggedOut', '1');
    signedOut();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/login');
  };
  return (
    <>
      <a href="#main" className="skip">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <NavLink to="/codes" className="brand">
          {t('app.name')}
        </NavLink>
        <Switcher />
        {usage.data ? (
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
        ) : null}
        <div className="topbar-end">
          <LanguageSwitch />
          <span className="muted small">{me?.user.email}</span>
          <button type="button" className="btn btn-small" onClick={logout}>
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <nav className="sidenav" aria-label={t('nav.main')}>
        <NavLink to="/codes">{t('nav.codes')}</NavLink>
        <NavLink to="/analytics">{t('nav.overview')}</NavLink>
        <NavLink to="/batch">{t('nav.batch')}</NavLink>
        <NavLink to="/keys">{t('nav.keys')}</NavLink>
        <NavLink to="/workspaces">{t('nav.workspaces')}</NavLink>
        <NavLink to="/account">{t('nav.account')}</NavLink>
      </nav>
      <main id="main" tabIndex={-1}>
        <DeprecationBanner />
        {usage.data ? <UsageBanner usage={usage.data} /> : null}
        <Outlet />
      </main>
    </>
  );
}
