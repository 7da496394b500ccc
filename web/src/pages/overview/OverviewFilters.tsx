import type { DateRange } from '../../api/hooks/codes/scan-figures';
import { useFolders } from '../../api/hooks/folders';
import { useI18n } from '../../i18n/i18n';
import { DateRangeFields } from '../../ui/DateRangeFields';

/** The overview's range and folder, and the time zone its days are counted in. */
export function OverviewFilters({
  tz,
  range,
  setRange,
  folder,
  setFolder,
}: {
  tz: string;
  range: DateRange;
  setRange(range: DateRange): void;
  folder: string;
  setFolder(folder: string): void;
}) {
  const { t } = useI18n();
  const folders = useFolders().data ?? [];
  return (
    <form className="filters" aria-label={t('detail.range')} onSubmit={(e) => e.preventDefault()}>
      <DateRangeFields range={range} setRange={setRange} />
      {folders.length ? (
        <label>
          {t('folders.title')}
          <select value={folder} onChange={(e) => setFolder(e.target.value)} data-testid="overview-folder">
            <option value="">{t('folders.all')}</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="muted small" data-testid="overview-tz">
        {t('overview.tz', { tz })}
      </span>
    </form>
  );
}
