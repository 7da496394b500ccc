import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { de } from './de';
import { formatters, interpolate, type Formatters } from './format';

export type Lang = 'en' | 'de';
export const LANGS: Record<Lang, { label: string; table: Record<MessageKey, string> }> = {
  en: { label: 'English', table: en },
  de: { label: 'Deutsch', table: de },
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
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const setLang = useCallback((l: Lang) => {
    localStorage.setItem(STORAGE_KEY, l);
    setLangState(l);
  }, []);
  const value = useMemo<I18n>(() => {
    const table = LANGS[lang].table;
    const fmt = formatters(lang);
    return {
      lang,
      setLang,
      t: (key, vars) => interpolate(table[key], vars, fmt),
      fmtNumber: (n) => fmt.number(n),
      fmtDate: (iso) => fmt.dateTime(iso),
      fmt,
    };
  }, [lang, setLang]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('useI18n outside I18nProvider');
  return v;
}
