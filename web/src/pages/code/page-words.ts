// The editors' words in the chosen language (docs/decisions.md D82); the tables are in
// ./page-words.table.ts, in the editors' own lazily loaded chunk.
import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { interpolate } from '../../i18n/format';
import { PAGE_WORDS, type PageWord } from './page-words.table';

export type { PageWord };

export type PageT = (key: PageWord | MessageKey, vars?: Record<string, string | number>) => string;

/** The editors' words in the chosen language; a key of the shared tables is theirs to word. */
export function usePageWords(): PageT {
  const { t, lang, fmt } = useI18n();
  return useCallback<PageT>(
    (key, vars) =>
      key in PAGE_WORDS.en
        ? interpolate(PAGE_WORDS[lang === 'de' ? 'de' : 'en'][key as PageWord], vars, fmt)
        : t(key as MessageKey, vars),
    [t, lang, fmt],
  );
}
