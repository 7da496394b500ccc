import { Link } from 'react-router';
import type { Code } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { SvgImage } from '../../ui/QrImage';
import { summaryOf } from '../code-summary';

/** The codes shown, with their thumbnails (by code id), each row selectable. */
export function CodesTable({
  codes,
  thumbs,
  selected,
  setSelected,
}: {
  codes: Code[];
  thumbs: Map<string, string>;
  selected: string[];
  setSelected(next: string[] | ((prev: string[]) => string[])): void;
}) {
  const { t, fmtNumber } = useI18n();
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return (
    <table className="table codes">
      <thead>
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label={t('codes.selectAll')}
              checked={codes.length > 0 && codes.every((c) => selected.includes(c.id))}
              onChange={(e) => setSelected(e.target.checked ? codes.map((c) => c.id) : [])}
            />
          </th>
          <th scope="col">
            <span className="sr-only">QR</span>
          </th>
          <th scope="col">{t('codes.colTitle')}</th>
          <th scope="col">{t('codes.type')}</th>
          <th scope="col">{t('codes.status')}</th>
          <th scope="col">{t('codes.colDest')}</th>
          <th scope="col">{t('codes.colScans')}</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((c) => {
          const title = c.title || t('codes.untitled');
          return (
            <tr key={c.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('codes.select', { title })}
                  checked={selected.includes(c.id)}
                  onChange={() => toggle(c.id)}
                />
              </td>
              <td>
                <SvgImage svg={thumbs.get(c.id)} alt={t('codes.qrOf', { title })} size={48} />
              </td>
              <td>
                <Link to={`/codes/${c.id}`}>{title}</Link>
                {c.tags.length ? (
                  <div className="tags">
                    {c.tags.map((g) => (
                      <span key={g} className="badge">
                        {g}
                      </span>
                    ))}
                  </div>
                ) : null}
              </td>
              <td data-label={t('codes.type')}>{t(`type.${c.type}` as MessageKey)}</td>
              <td data-label={t('codes.status')}>
                <span className={`status status-${c.status}`}>{t(`status.${c.status}` as MessageKey)}</span>
              </td>
              <td className="ellipsis" data-label={t('codes.colDest')}>
                {summaryOf(c) || t('app.none')}
              </td>
              <td data-label={t('codes.colScans')}>{fmtNumber(c.scan_count)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
