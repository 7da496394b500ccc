import { useI18n } from '../i18n/i18n';
import { en, type MessageKey } from '../i18n/en';

/** A device class as the scans record it (mobile, smarttv, …) in words; an unknown one keeps its name. */
export function deviceName(t: (key: MessageKey) => string) {
  return (key: string) => (`device.${key}` in en ? t(`device.${key}` as MessageKey) : key);
}

/** A horizontal bar chart as a list: readable by screen readers, no library needed. */
export function Bars({
  title,
  rows,
  testId,
  name,
}: {
  title: string;
  rows: Array<{ key: string | null; scans: number }>;
  testId?: string;
  /** A key in words (a device class), else the key itself. */
  name?: (key: string) => string;
}) {
  const { t, fmtNumber } = useI18n();
  const max = Math.max(1, ...rows.map((r) => r.scans));
  return (
    <figure className="bars" data-testid={testId}>
      <figcaption>{title}</figcaption>
      {rows.length === 0 ? (
        <p className="muted small">{t('app.none')}</p>
      ) : (
        <ul>
          {rows.slice(0, 10).map((r) => (
            <li key={r.key ?? '∅'}>
              <span className="bar-label">{r.key === null ? t('detail.unknown') : (name?.(r.key) ?? r.key)}</span>
              <span className="bar-track" aria-hidden="true">
                <span
                  className="bar-fill"
                  ref={(el) => {
                    if (el) el.style.width = `${(r.scans / max) * 100}%`;
                  }}
                />
              </span>
              <span className="bar-value">{fmtNumber(r.scans)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
