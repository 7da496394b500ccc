// The look of every hosted page (docs/decisions.md D82): the brand kit's page style, or the
// workspace's primary colour, turned into colours that stay readable whatever was chosen.
import { escapeHtml } from '../../lib/html.js';
import type { PageThemeSource } from '../brand/index.js';

export interface PageTheme {
  /** buttons and the top bar */
  accent: string;
  /** text on the accent: black or white */
  on: string;
  background: string;
  /** body text on the background: near-black or white */
  text: string;
  /** secondary text (labels, roles) */
  muted: string;
  link: string;
  font: string;
  logo: { width: number; height: number } | null;
}

const DEFAULT_ACCENT = '#1f3a93';
const DEFAULT_BACKGROUND = '#f6f6f6';
const DEFAULT_LINK = '#0b4f9c';
const HEX = /^#[0-9A-Fa-f]{6}$/;

/** Stacks of fonts phones ship: a page loads no web font (size budget, privacy). */
const FONT_STACKS: Record<string, string> = {
  system: 'system-ui,sans-serif',
  sans: '"Helvetica Neue",Helvetica,Arial,"Liberation Sans",Roboto,sans-serif',
  serif: 'Georgia,"Times New Roman","Noto Serif",serif',
  rounded: 'ui-rounded,"SF Pro Rounded","Arial Rounded MT Bold",system-ui,sans-serif',
  mono: 'ui-monospace,"SF Mono",Menlo,Consolas,"Roboto Mono",monospace',
};

/** sRGB relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x! + 0.05) / (y! + 0.05);
}

/** Black or white, whichever contrasts more with `bg`: always at least 4.58:1. */
const onColor = (bg: string) => (contrast('#000000', bg) >= contrast('#ffffff', bg) ? '#000000' : '#ffffff');
const valid = (c: string | null | undefined): c is string => !!c && HEX.test(c);

/**
 * A page's theme from its kit's page style (if any) over the workspace's primary colour. Text is
 * chosen for contrast (WCAG AA, 4.5:1): a brand colour too light for links on the background
 * leaves links in a colour that is readable, never the other way round.
 */
export function pageTheme(primary: string | null, kit: PageThemeSource | null): PageTheme {
  const accent = valid(kit?.accent) ? kit.accent : valid(primary) ? primary : DEFAULT_ACCENT;
  const background = valid(kit?.background) ? kit.background : DEFAULT_BACKGROUND;
  // Near-black reads softer than black where it is readable enough; else black or white.
  const text = contrast('#1a1a1a', background) >= 4.5 ? '#1a1a1a' : onColor(background);
  const readable = (c: string) => contrast(c, background) >= 4.5;
  const link = [kit?.accent ? accent : null, DEFAULT_LINK].find((c): c is string => !!c && readable(c)) ?? text;
  return {
    accent,
    on: onColor(accent),
    background,
    text,
    muted: ['#444444', '#cccccc'].find(readable) ?? text,
    link,
    font: FONT_STACKS[kit?.font ?? 'system'] ?? FONT_STACKS.system!,
    logo: kit?.logo ? { width: kit.logo.width, height: kit.logo.height } : null,
  };
}

/** The custom properties every hosted page's style sheet reads. */
export const themeVars = (t: PageTheme) =>
  `:root{--brand:${t.accent};--on:${t.on};--bg:${t.background};--text:${t.text};--muted:${t.muted};--link:${t.link};--font:${t.font}}`;

/** The page's logo, same-origin and cacheable, at most 3 rem high; decorative: the heading names the page. */
export function logoImg(t: PageTheme, shortCode: string): string {
  if (!t.logo) return '';
  const h = 48;
  const w = Math.max(1, Math.min(240, Math.round((t.logo.width / Math.max(1, t.logo.height)) * h)));
  return `<img class="logo" src="/r/${escapeHtml(encodeURIComponent(shortCode))}/logo" alt="" width="${w}" height="${h}">`;
}

/** Shared rules of every hosted page. */
export const BASE_CSS =
  '*{box-sizing:border-box}body{margin:0;font:1.0625rem/1.5 var(--font);color:var(--text);background:var(--bg)}' +
  'header{background:var(--brand);height:.5rem}a{color:var(--link)}' +
  '.logo{display:block;max-width:100%;height:3rem;width:auto;object-fit:contain;margin:0 0 .5rem}';
