import { NavLink } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { OperatorNavEntry } from '../pages/operator/OperatorNavEntry';
import { useCanDo } from './can';
import { NAV } from './nav';

/** The navigation's links the person's role may use, in the side column on a desktop and in the menu on a phone. */
export function NavLinks({ onPick }: { onPick?: () => void }) {
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
