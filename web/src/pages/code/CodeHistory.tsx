import { useI18n } from '../../i18n/i18n';
import { AuditEntries } from '../team/AuditEntries';

/** A code's own audit trail on its page: every change with before and after. */
export function CodeHistory({ codeId }: { codeId: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="history-head" data-testid="code-history">
      <h2 id="history-head">{t('audit.history')}</h2>
      <AuditEntries filter={{ resource_type: 'codes', resource_id: codeId }} here />
    </section>
  );
}
