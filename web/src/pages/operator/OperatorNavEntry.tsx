import { NavLink } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { operatorAccess, useOperatorSession } from '../../api/hooks/operator';

/**
 * The main navigation's "Operator" entry: only for an operator (GET /v1/operator/session answers),
 * also one without two-factor sign-in, whom the console's page then tells to turn it on.
 */
export function OperatorNavEntry({ onPick }: { onPick?: () => void }) {
  const { t } = useI18n();
  const access = operatorAccess(useOperatorSession());
  if (access !== 'open' && access !== 'two-factor') return null;
  return (
    <>
      <h2 className="sidenav-head">{t('op.subnav')}</h2>
      <NavLink to="/operator" onClick={onPick} data-testid="operator-nav-entry">
        {t('op.nav')}
      </NavLink>
    </>
  );
}
