// How the console writes its figures: bytes, durations, seconds, in the chosen language.
import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes as people read it (1,5 MB; 980 B). */
export function useBytes() {
  const { fmt } = useI18n();
  return useCallback(
    (n: number) => {
      let v = n;
      let u = 0;
      while (v >= 1000 && u < UNITS.length - 1) {
        v /= 1000;
        u++;
      }
      return `${fmt.number(u === 0 ? v : Math.round(v * 10) / 10)} ${UNITS[u]}`;
    },
    [fmt],
  );
}

/** Seconds as days, hours and minutes. */
export function useDuration() {
  const { t } = useI18n();
  return useCallback(
    (seconds: number) =>
      t('op.health.duration', {
        d: Math.floor(seconds / 86_400),
        h: Math.floor((seconds % 86_400) / 3_600),
        m: Math.floor((seconds % 3_600) / 60),
      }),
    [t],
  );
}
