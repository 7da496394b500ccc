import type { Code } from '../../api/client';
import { useCodeAliases } from '../../api/hooks/codes/use-code-aliases';
import { useI18n } from '../../i18n/i18n';
import { isPageType } from './content-draft';
import { AliasItem } from './AliasItem';

/**
 * A dynamic code's other addresses: the page it hosts (vcard, text, links, pdf, app) and the former
 * short codes that still lead to it (docs/decisions.md D19, D24).
 */
export function CodeLinks({ code }: { code: Code }) {
  const { t } = useI18n();
  const aliases = useCodeAliases(code);
  const former = aliases.data?.data ?? [];
  const hosted = code.dynamic && code.short_url && isPageType(code.type);
  if (!hosted && !former.length && !code.password_protected) return null;
  return (
    <section aria-labelledby="code-links" data-testid="code-links">
      <h2 id="code-links" className="sr-only">
        {t('content.hostedPage')}
      </h2>
      <dl className="billing-facts">
        {hosted ? (
          <div className="contents">
            <dt>{t('content.hostedPage')}</dt>
            <dd>
              <a href={code.short_url!} data-testid="hosted-page">
                {code.short_url}
              </a>
            </dd>
          </div>
        ) : null}
        {code.password_protected ? (
          <div className="contents">
            <dt>{t('content.protected')}</dt>
            <dd>✓</dd>
          </div>
        ) : null}
        {former.length ? (
          <div className="contents">
            <dt>{t('content.aliases')}</dt>
            <dd>
              <ul className="plain" data-testid="aliases">
                {former.map((a) => (
                  <AliasItem key={a.id} code={code} shortCode={a.short_code} />
                ))}
              </ul>
              <small className="muted">{t('content.aliasesHint')}</small>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
