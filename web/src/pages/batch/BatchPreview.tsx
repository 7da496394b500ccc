import { useI18n } from '../../i18n/i18n';
import type { BatchCode } from './batch-rows';

/** The first 200 codes as they will be sent, each row with the API's messages about it. */
export function BatchPreview({ codes, rowErrors }: { codes: BatchCode[]; rowErrors: Map<number, string[]> }) {
  const { t } = useI18n();
  return (
    <table className="table" data-testid="batch-preview">
      <thead>
        <tr>
          <th scope="col">{t('batch.row')}</th>
          <th scope="col">{t('batch.field.url')}</th>
          <th scope="col">{t('batch.field.title')}</th>
          <th scope="col">{t('batch.field.tags')}</th>
          <th scope="col">
            <span className="sr-only">{t('app.error')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {codes.slice(0, 200).map((c, i) => (
          <tr key={i} className={rowErrors.has(i) ? 'row-invalid' : ''}>
            <td>{i + 1}</td>
            <td className="ellipsis">{c.url}</td>
            <td>{c.title ?? ''}</td>
            <td>{c.tags?.join(', ') ?? ''}</td>
            <td className="field-error" data-row-error={i}>
              {rowErrors.get(i)?.join('; ') ?? ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
