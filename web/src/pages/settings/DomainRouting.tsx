// How to point a custom domain's traffic at this service: a CNAME to the host the dashboard (and
// BASE_URL) is served from, or, where a CNAME cannot be set (a bare domain), A/AAAA records with
// that host's addresses. The TXT record only proves control; without these no scan arrives.
import { useI18n } from '../../i18n/i18n';
import { CopyButton } from '../../ui/forms';

export function DomainRouting({ domain }: { domain: string }) {
  const { t } = useI18n();
  // The dashboard is served by this service on BASE_URL's host (docs/accounts.md, "Custom domains").
  const host = window.location.hostname;
  const apex = domain.split('.').length === 2;
  return (
    <div data-testid="domain-routing">
      <h3>{t('extras.domains.pointTitle')}</h3>
      <p>{t('extras.domains.pointIntro', { domain })}</p>
      <dl className="dns-record">
        <dt>{t('domains.type')}</dt>
        <dd>
          <code>CNAME</code>
        </dd>
        <dt>{t('domains.name')}</dt>
        <dd>
          <code>{domain}</code> <CopyButton text={domain} />
        </dd>
        <dt>{t('domains.value')}</dt>
        <dd>
          <code data-testid="domain-cname-target">{host}</code> <CopyButton text={host} />
        </dd>
      </dl>
      <p className={apex ? undefined : 'muted small'}>{t('extras.domains.apex', { host })}</p>
      <p className="muted small">
        {t('extras.domains.lookup')} <code>{`dig +short ${host} A`}</code>, <code>{`dig +short ${host} AAAA`}</code>
      </p>
      <p className="muted small">{t('extras.domains.tls')}</p>
    </div>
  );
}
