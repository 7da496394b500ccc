import { useCallback } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { interpolate } from '../../../i18n/format';
import { humanize } from '../contract-schema';
import { EDITOR_WORDS, SECTION_NAMES, type EditorWord } from './words';

/** The editor's words in the chosen language (English for any other). */
export function useEditorWords() {
  const { lang, fmt } = useI18n();
  return useCallback(
    (key: EditorWord, vars?: Record<string, string | number>) =>
      interpolate((lang === 'de' ? EDITOR_WORDS.de : EDITOR_WORDS.en)[key], vars, fmt),
    [lang, fmt],
  );
}

/** A section's name in the chosen language; a section added to the contract later shows its key, humanized. */
export function useSectionName() {
  const { lang } = useI18n();
  return (key: string) => SECTION_NAMES[key]?.[lang === 'de' ? 1 : 0] ?? humanize(key);
}
