import type { Page } from 'playwright-core';
import { DESKTOP, type Lang, setWidth } from '../support/axe.js';

/** Switches the dashboard's language with its menu (at the desktop width, where it always shows). */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await setWidth(page, DESKTOP);
  await page.locator('.lang select').first().selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}
