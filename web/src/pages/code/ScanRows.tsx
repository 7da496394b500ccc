import type { DateRange } from '../../api/hooks/codes/scan-figures';
import { useCodeDownloads } from '../../api/hooks/codes/use-code-downloads';
import { type useCodeScans } from '../../api/hooks/codes/use-code-scans';
import { useI18n } from '../../i18n/i18n';
import { deviceName } from '../../ui/Bars';
import { ProblemAlert, saveBlob, useSubmit } from '../../ui/forms';
import { placeOf } from '../../ui/Place';

/** A dynamic code's latest scans one by one, and all of the range's as CSV. */
export function ScanRows({
  id,
  range,
  scans,
}: {
  id: string;
  range: DateRange;
  scans: ReturnType<typeof useCodeScans>;
}) {
  const { t, fmtDate } = useI18n();
  const downloads = useCodeDownloads();
  const csv = useSubmit(async () => {
    const blob = await downloads.scansCsv(id, range);
    saveBlob(blob, `scans-${id}-${range.from}-${range.to}.csv`);
  });
  return (
    <>
      <div className="page-head">
        <h2>{t('detail.raw')}</h2>
        <button type="button" className="btn btn-small" onClick={() => void csv.run()}>
          {t('detail.csv')}
        </button>
      </div>
      <ProblemAlert problem={csv.problem} />
      <table className="table" data-testid="scans-table">
        <thead>
          <tr>
            <th scope="col">{t('detail.time')}</th>
            <th scope="col">{t('detail.device')}</th>
            <th scope="col">{t('detail.os')}</th>
            <th scope="col">{t('detail.place')}</th>
            <th scope="col">{t('detail.destination')}</th>
            <th scope="col">{t('detail.bot')}</th>
          </tr>
        </thead>
        <tbody>
          {(scans.data?.data ?? []).map((s) => (
            <tr key={s.id}>
              <td>{fmtDate(s.scanned_at)}</td>
              <td>{s.device ? deviceName(t)(s.device) : t('app.none')}</td>
              <td>{s.os ?? t('app.none')}</td>
              <td>{placeOf(s) ?? t('app.none')}</td>
              <td className="ellipsis">{s.destination ?? t('app.none')}</td>
              <td>{s.is_bot ? '✓' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
