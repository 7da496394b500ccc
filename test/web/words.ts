import { en, type MessageKey } from '../../web/src/i18n/en.js';
import { de } from '../../web/src/i18n/de.js';
import { formatters, interpolate } from '../../web/src/i18n/format.js';

export type Lang = 'en' | 'de';

/** The dashboard's own text for a key in a language, as the page shows it: tests find elements by it. */
export const words = (lang: Lang) => (key: MessageKey, vars?: Record<string, string | number>) =>
  interpolate((lang === 'en' ? en : de)[key], vars, formatters(lang));
