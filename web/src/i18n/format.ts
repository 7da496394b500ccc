// The one place numbers, dates, plurals and chart ticks are formatted for the chosen language
// (docs/decisions.md D35). Everything goes through Intl; nothing here knows a language by name.

export interface Formatters {
  number(n: number, opts?: Intl.NumberFormatOptions): string;
  /** A contrast ratio as "21.00:1" / "21,00:1". */
  ratio(n: number): string;
  /** An instant (ISO string or Date) with date and time. */
  dateTime(at: string | Date): string;
  /** A calendar day (YYYY-MM-DD) as the language writes it, e.g. 27.10.2026 or 10/27/2026. */
  day(isoDay: string): string;
  /** A chart tick for a day: 27.10. or 10/27. `at` is in seconds since the epoch (uPlot's unit). */
  axisDay(at: number): string;
  /** "in 3 days", "vor 2 Stunden". */
  relative(at: string | Date, now?: Date): string;
  /** The plural category of n ('one', 'other', …). */
  plural(n: number): Intl.LDMLPluralRule;
  /** "a, b and c" / "a, b und c". */
  list(items: string[]): string;
}

/** Contrast ratios always show two decimals, as WCAG tools do. */
export const RATIO_DIGITS: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

const DAY_OPTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' };

export function formatters(lang: string): Formatters {
  const nf = new Intl.NumberFormat(lang);
  const ratioNf = new Intl.NumberFormat(lang, RATIO_DIGITS);
  const dtf = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const dayf = new Intl.DateTimeFormat(lang, DAY_OPTS);
  const axisf = new Intl.DateTimeFormat(lang, { month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const pr = new Intl.PluralRules(lang);
  const lf = new Intl.ListFormat(lang, { type: 'conjunction' });
  return {
    number: (n, opts) => (opts ? new Intl.NumberFormat(lang, opts).format(n) : nf.format(n)),
    ratio: (n) => `${ratioNf.format(n)}:1`,
    dateTime: (at) => dtf.format(typeof at === 'string' ? new Date(at) : at),
    day: (isoDay) => dayf.format(new Date(`${isoDay}T00:00:00Z`)),
    // German writes a day without its year as "27.10."; Intl leaves the closing dot off.
    axisDay: (at) => {
      const text = axisf.format(new Date(at * 1000));
      return dayPattern(lang).endsWithDot && !text.endsWith('.') ? `${text}.` : text;
    },
    relative: (at, now = new Date()) => {
      const s = ((typeof at === 'string' ? Date.parse(at) : at.getTime()) - now.getTime()) / 1000;
      const steps: [Intl.RelativeTimeFormatUnit, number][] = [
        ['day', 86_400],
        ['hour', 3600],
        ['minute', 60],
      ];
      for (const [unit, size] of steps) if (Math.abs(s) >= size) return rtf.format(Math.round(s / size), unit);
      return rtf.format(Math.round(s), 'second');
    },
    plural: (n) => pr.select(n),
    list: (items) => lf.format(items),
  };
}

/**
 * Fills `{name}` placeholders and `{n, plural, one {# item} other {# items}}` choices (an ICU
 * subset: categories by Intl.PluralRules, `=0`-style exact matches, `#` is n formatted). A number
 * given for a plain placeholder is formatted for the language too.
 */
export function interpolate(template: string, vars: Record<string, string | number> | undefined, fmt: Formatters) {
  const withPlurals = template.replace(
    /\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g,
    (_, name: string, body: string) => {
      const n = Number(vars?.[name] ?? 0);
      const forms = new Map([...body.matchAll(/(=?\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]));
      const form = forms.get(`=${n}`) ?? forms.get(fmt.plural(n)) ?? forms.get('other') ?? '';
      return form.replace(/#/g, fmt.number(n));
    },
  );
  return withPlurals.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars?.[k];
    return v === undefined ? `{${k}}` : typeof v === 'number' ? fmt.number(v) : v;
  });
}

export interface DayPattern {
  /** Field order, e.g. ['day', 'month', 'year']. */
  order: ('day' | 'month' | 'year')[];
  separator: string;
  endsWithDot: boolean;
}

/** How the language writes a numeric date, read from Intl so no language is hard-coded. */
export function dayPattern(lang: string): DayPattern {
  const parts = new Intl.DateTimeFormat(lang, DAY_OPTS).formatToParts(new Date(Date.UTC(2026, 10, 27)));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order, separator, endsWithDot: separator.trim() === '.' };
}

/** The day the text names in the language's numeric order (or as YYYY-MM-DD), else null. */
export function parseDay(text: string, lang: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const nums = iso ? [iso[1], iso[2], iso[3]] : trimmed.split(/[^0-9]+/).filter(Boolean);
  if (nums.length !== 3) return null;
  const order = iso ? (['year', 'month', 'day'] as const) : dayPattern(lang).order;
  const v: Record<string, number> = {};
  order.forEach((k, i) => (v[k] = Number(nums[i])));
  if (v.year < 100) v.year += 2000;
  const d = new Date(Date.UTC(v.year, v.month - 1, v.day));
  if (d.getUTCFullYear() !== v.year || d.getUTCMonth() !== v.month - 1 || d.getUTCDate() !== v.day) return null;
  return d.toISOString().slice(0, 10);
}
