import { useLogos, type BrandKit } from '../../../api/hooks/brand';
import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';

/** A kit's design in one line: colour, shapes, logo, frame. */
export function KitSummary({ kit }: { kit: BrandKit }) {
  const { t } = useI18n();
  const logos = useLogos();
  const s = kit.style;
  const opt = (v: string) => t(`design.option.${v}` as MessageKey);
  const parts = [
    s.foreground ? `${t('edit.fg')} ${s.foreground}` : '',
    s.module_shape ? `${t('design.modules')}: ${opt(s.module_shape)}` : '',
    s.eye_shape ? `${t('design.eyes')}: ${opt(s.eye_shape)}` : '',
    s.logo_id ? `${t('design.logo')}: ${logos.data?.find((l) => l.id === s.logo_id)?.name ?? '…'}` : '',
    s.frame ? `${t('design.frameText')}: “${s.frame.text}”` : '',
  ].filter(Boolean);
  return <>{parts.join(' · ') || t('app.none')}</>;
}
