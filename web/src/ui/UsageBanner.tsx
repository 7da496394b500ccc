import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, type Usage } from '../api/client';
import { useBilling } from '../api/hooks/billing';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';

const storageKey = (org: string) => `qrs.usageBanner.${org}`;

/**
 * The warning at 80 % and 100 % of a plan's scans or dynamic codes. Neither limit blocks anything,
 * so a person may dismiss it; it stays dismissed until what it says changes (another meter, a higher
 * step, a new month), see docs/decisions.md D26. It says what each reader can do about it: an org
 * admin upgrades, or asks the operator of a server without billing; a member asks an org admin
 * (docs/decisions.md D62).
 */
export function UsageBanner({ usage }: { usage: Usage }) {
  const { t, fmtNumber } = useI18n();
  const me = useSession().me;
  const org = me?.current.organization_id ?? '';
  const admin = me?.current.role === 'org_admin';
  const meters = [
    { id: `scans@${usage.scans.period}`, what: t('usage.scans'), ...usage.scans },
    { id: 'dynamic', what: t('usage.dynamic'), ...usage.dynamic_codes },
  ]
    .filter((m) => m.usage_pct >= 80)
    .sort((a, b) => b.usage_pct - a.usage_pct);
  const said = meters.map((m) => `${m.id}:${m.usage_pct >= 100 ? 100 : 80}`).join(' ');
  // Billing answers 404 when the server has none: then only its operator can raise the plan.
  const billing = useBilling({ enabled: admin && meters.length > 0 });
  // Read on every render, so switching organization shows that organization's own choice.
  const [, rerender] = useState(0);
  if (!meters.length || localStorage.getItem(storageKey(org)) === said) return null;
  const top = meters[0];
  const numbers = { what: top.what, used: fmtNumber(top.used), limit: fmtNumber(top.limit) };
  const billingOff = billing.error instanceof ApiError && billing.error.status === 404;
  const canUpgrade = admin && Boolean(billing.data);
  const hint = !admin
    ? t('usage.upgradeHint')
    : canUpgrade
      ? t('usage.billingHint')
      : billingOff
        ? t('usage.operatorHint')
        : null;
  const dismiss = () => {
    localStorage.setItem(storageKey(org), said);
    rerender((n) => n + 1);
    // The button disappears with the banner; the main region takes the focus so the keyboard keeps its place.
    document.getElementById('main')?.focus();
  };
  return (
    <div
      className={`banner ${top.usage_pct >= 100 ? 'banner-error' : 'banner-warn'}`}
      role="status"
      data-testid="usage-banner"
    >
      <div>
        <p>
          {top.usage_pct >= 100 ? t('usage.warn100', numbers) : t('usage.warn80', { ...numbers, pct: top.usage_pct })}
        </p>
        <p>
          <Link to="/billing" className="btn btn-small">
            {canUpgrade ? t('usage.upgrade') : t('usage.seePlan')}
          </Link>{' '}
          {hint ? (
            <span className="muted" data-testid="usage-hint">
              {hint}
            </span>
          ) : null}
        </p>
      </div>
      <button type="button" className="btn btn-small" onClick={dismiss}>
        {t('usage.dismiss')}
      </button>
    </div>
  );
}
