import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { formatters, interpolate, type Formatters } from './format';

export type Lang = 'en' | 'de';
type Table = Record<MessageKey, string>;
/**
 * Each language's words. Only the shown language's are loaded: German is a chunk of its own,
 * fetched when chosen (about 40 KB compressed that an English first visit no longer downloads).
 */
export const LANGS: Record<Lang, { label: string; load: () => Promise<Table> }> = {
  en: { label: 'English', load: async () => en },
  de: { label: 'Deutsch', load: () => import('./de').then((m) => m.de) },
};
const STORAGE_KEY = 'qrs.lang';

/** A remembered choice wins; else the browser's first language we have; else English. */
export function initialLang(): Lang {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'de') return saved;
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}

export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;
interface I18n {
  lang: Lang;
  setLang(l: Lang): void;
  t: T;
  fmtNumber(n: number): string;
  fmtDate(iso: string): string;
  /** Numbers, days, ratios, chart ticks, relative times and plurals (web/src/i18n/format.ts). */
  fmt: Formatters;
}
const Ctx = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  // The language shown and its words. A chosen language shows once its words are here: until
  // then the page stays in the language it had (on a first visit in German, nothing for a moment).
  const [shown, setShown] = useState<{ lang: Lang; table: Table } | null>(() =>
    initialLang() === 'en' ? { lang: 'en', table: en } : null,
  );
  const [wanted, setWanted] = useState<Lang>(initialLang);
  useEffect(() => {
    if (shown?.lang === wanted) return;
    let current = true;
    void LANGS[wanted].load().then((table) => {
      if (current) setShown({ lang: wanted, table });
    });
    return () => {
      current = false;
    };
  }, [wanted, shown]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown.lang;
  }, [shown]);
  const setLang = useCallback((l: Lang) => {
    localStorage.setItem(STORAGE_KEY, l);
    setWanted(l);
  }, []);
  const value = useMemo<I18n | null>(() => {
    if (!shown) return null;
    const { lang, table } = shown;
    const fmt = formatters(lang);
    return {
      lang,
      setLang,
      t: (key, vars) => interpolate(table[key], vars, fmt),
      fmtNumber: (n) => fmt.number(n),
      fmtDate: (iso) => fmt.dateTime(iso),
      fmt,
    };
  }, [shown, setLang]);
  if (!value) return null;
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
