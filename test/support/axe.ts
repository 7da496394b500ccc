// axe in the browser tests: one check (no serious or critical violation) and the sweep every screen
// test runs with it, at a desktop and a phone width, in English and in German.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's own `axe.run`, injected once a document. @axe-core/playwright's `analyze()` injected
 * its 580 kB script on every call and opened and closed a blank tab to finish the run (for
 * cross-origin frames, which the dashboard has none of): 2.3–2.9 s a check on a busy 2-core
 * machine against 0.33–0.58 s this way, and the suite runs several hundred checks.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() =>
    (window as unknown as { axe: { run(c: Document): Promise<AxeResults> } }).axe.run(document),
  );
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const result = await runAxe(page);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const text = bad
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join('\n  ')}`,
      )
      .join('\n');
    throw new Error(`axe on ${what}:\n${text}`);
  }
}

/**
 * Resizes the viewport and waits two frames: the dashboard re-renders some screens for the phone
 * (useIsPhone) when the media query's change event fires, so a locator taken before that render
 * points at an element about to be replaced ("Element is not attached to the DOM" in CI).
 */
export async function setWidth(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** axe at 1280×800, then at 360×740; leaves the page at the phone width. */
export async function accessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await setWidth(page, size);
    await expectAccessible(page, `${what} (${size.width}px)`);
  }
}

/**
 * axe at both widths in English and in German, switching with the page's language menu (at the
 * desktop width, where it always shows); `ready` waits for what the screen shows in that language
 * (by default its h1). Leaves the page in English at 1280×860, where the journeys run.
 */
export async function accessibleEverywhere(
  page: Page,
  what: string,
  ready: (lang: Lang) => Promise<void> = () => page.locator('main h1').waitFor(),
): Promise<void> {
  for (const lang of LANGS) {
    await setWidth(page, DESKTOP);
    await page.locator('.lang select').first().selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await ready(lang);
    await accessibleAtBothWidths(page, `${what} (${lang})`);
  }
  await setWidth(page, DESKTOP);
  await page.locator('.lang select').first().selectOption('en');
  await setWidth(page, { width: 1280, height: 860 });
}
