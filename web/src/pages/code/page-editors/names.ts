// What the editors and the preview call a network and an allergen: brand names as the brands write
// them, the rest in the chosen language.
import type { PageT as T, PageWord } from '../page-words';

const NETWORK_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  github: 'GitHub',
};
export const networkName = (t: T, n: string) => NETWORK_NAMES[n] ?? t('pages.network.website');
export const allergenName = (t: T, a: string) => t(`pages.allergen.${a}` as PageWord);
