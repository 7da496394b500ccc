import { useState } from 'react';
import { Link } from 'react-router';
import type { Usage } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';

const storageKey = (org: string) => `qrs.usageBanner.${org}`;

/**
 * The warning at 80 % and 100 % of a plan's scans or dynamic codes. Neither limit blocks anything,
 * so a person may dismiss it; it stays dismissed until what it says changes (another meter, a higher
 * step, a new month), see docs/decisions.md D26.
 */
export function UsageBanner({ usage }: { usage: Usage }) {
  const { t } = useI18n();
  const org = useSession().me?.current.organization_id ?? '';
  const meters = [
    { id: `scans@${usage.scans.period}`, what: t('usage.scans'), pct: usage.scans.usage_pct },
    { id: 'dynamic', what: t('usage.dynamic'), pct: usage.dynamic_codes.usage_pct },
  ]
    .filter((m) => m.pct >= 80)
    .sort((a, b) => b.pct - a.pct);
  const said = meters.map((m) => `${m.id}:${m.pct >= 100 ? 100 : 80}`).join(' ');
  // Read on every render, so switching organization shows that organization's own choice.
  const [, rerender] = useState(0);
  if (!meters.length || localStorage.getItem(storageKey(org)) === said) return null;
  const top = meters[0];
  const dismiss = () => {
    localStorage.setItem(storageKey(org), said);
    rerender((n) => n + 1);
    // The button disappears with the banner; the main region takes the focus so the keyboard keeps its place.
    document.getElementById('main')?.focus();
  };
  return (
    <div
      className={`banner ${top.pct >= 100 ? 'banner-error' : 'banner-warn'}`}
      role="status"
      data-testid="usage-banner"
    >
      <div>
        <p>
          {top.pct >= 100
            ? t('usage.warn100', { what: top.what })
            : t('usage.warn80', { pct: top.pct, what: top.what })}
        </p>
        <p>
          <Link to="/billing" className="btn btn-small">
            {t('usage.upgrade')}
          </Link>{' '}
          <span className="muted">{t('usage.upgradeHint')}</span>
        </p>
      </div>
      <button type="button" className="btn btn-small" onClick={dismiss}>
        {t('usage.dismiss')}
      </button>
    </div>
  );
}
