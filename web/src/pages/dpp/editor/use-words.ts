import { useCallback } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { interpolate } from '../../../i18n/format';
import { EDITOR_WORDS, type EditorWord } from './words';

/** The editor's words in the chosen language (English for any other). */
export function useEditorWords() {
  const { lang, fmt } = useI18n();
  return useCallback(
    (key: EditorWord, vars?: Record<string, string | number>) =>
      interpolate((lang === 'de' ? EDITOR_WORDS.de : EDITOR_WORDS.en)[key], vars, fmt),
    [lang, fmt],
  );
}
