// Who may open a route: the dashboard's screens need a session (and two-factor sign-in where the
// organization requires it); the log-in and sign-up screens send a signed-in person on.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useI18n } from './i18n/i18n';
import { useSession } from './session';
import { returnPath, type LoginState } from './pages/Auth';
import { TwoFactorGate } from './pages/account/TwoFactorGate';

export function RequireSession({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  const { t } = useI18n();
  const location = useLocation();
  if (loading) return <p className="center">{t('app.loading')}</p>;
  if (!me) {
    // A deliberate log-out (Layout) leaves no page to come back to; an ended session or a deep link does.
    const from = sessionStorage.getItem('qrs.loggedOut') ? null : { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={from} />;
  }
  // The organization's routes refuse this session until two-factor sign-in is on (settings.require_2fa).
  if (me.two_factor_required && !me.user.two_factor_enabled) return <TwoFactorGate />;
  return <>{children}</>;
}

export function Public({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  // Signed in (now, or already): on to the page that sent the visitor here (an invitation), else the codes.
  const state = useLocation().state as LoginState;
  if (loading) return null;
  return me ? <Navigate to={returnPath(state)} replace /> : <>{children}</>;
}
