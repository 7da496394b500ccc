import { Link, NavLink, Outlet } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { operatorAccess, useOperatorSession } from '../../api/hooks/operator';
import { NotFound } from './NotFound';
import { OPERATOR_NAV } from './operator-nav';
import './operator.css';

/** An operator without two-factor sign-in: what the console needs, and where to turn it on. */
function TwoFactorNeeded() {
  const { t } = useI18n();
  return (
    <section data-testid="operator-2fa">
      <h1>{t('op.twofa.title')}</h1>
      <p>{t('op.twofa.text')}</p>
      <Link className="btn btn-primary" to="/account#twofa-head">
        {t('op.twofa.link')}
      </Link>
    </section>
  );
}

/**
 * The operator's console (docs/decisions.md D77): its screens under a sub-navigation, for operators
 * with two-factor sign-in. Anyone else gets the not-found page, as the API gives them a 404.
 */
export function OperatorLayout() {
  const { t } = useI18n();
  const access = operatorAccess(useOperatorSession());
  if (access === 'loading') return <p>{t('app.loading')}</p>;
  if (access === 'none') return <NotFound />;
  if (access === 'two-factor') return <TwoFactorNeeded />;
  return (
    <div className="operator">
      <nav className="operator-nav" aria-label={t('op.subnav')} data-testid="operator-nav">
        {OPERATOR_NAV.map((e) => (
          <NavLink key={e.to} to={`/operator/${e.to}`}>
            {t(e.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
