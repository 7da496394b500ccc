import { useI18n } from '../i18n/i18n';

/** A scan's place in one line, most precise first: "London, England, GB"; null when unknown. */
export function placeOf(s: { country: string | null; region?: string | null; city?: string | null }): string | null {
  const parts = [s.city, s.region, s.country].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : null;
}

/**
 * DB-IP's licence (CC BY 4.0) asks a page that shows its places to link back to it
 * (docs/decisions.md D79).
 */
export function GeoAttribution() {
  const { t } = useI18n();
  return (
    <p className="muted small">
      <a href="https://db-ip.com" rel="noopener noreferrer">
        {t('detail.geoSource')}
      </a>
    </p>
  );
}
