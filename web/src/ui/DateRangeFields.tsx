import type { DateRange } from '../api/hooks/codes/scan-figures';
import { useI18n } from '../i18n/i18n';
import { DateInput } from './DateInput';

/** The from and to dates of a range (the code page's and the overview's filters); neither passes the other. */
export function DateRangeFields({ range, setRange }: { range: DateRange; setRange(range: DateRange): void }) {
  const { t } = useI18n();
  return (
    <>
      <label>
        {t('detail.from')}
        <DateInput
          aria-label={t('detail.from')}
          value={range.from}
          max={range.to}
          onChange={(d) => setRange({ ...range, from: d })}
        />
      </label>
      <label>
        {t('detail.to')}
        <DateInput
          aria-label={t('detail.to')}
          value={range.to}
          min={range.from}
          onChange={(d) => setRange({ ...range, to: d })}
        />
      </label>
    </>
  );
}
