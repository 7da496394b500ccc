// Issue #56 item 3 in the dashboard: the editors of menu, coupon, event and social pages
// (docs/decisions.md D82), in English and in German. Each code is made by filling its editor, its
// live preview shows what was typed, the public page at /r/<short_code> shows it too (the event's
// .ics as well), a saved menu's price is changed, and an event ending before it starts is refused
// at its end field. axe finds no serious violation at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { call, seedTenant, type Tenant } from '../support/harness.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { join } from 'node:path';
import { chromiumMissing, logIn, newContext, SCREENSHOTS, webJourney } from './browser.js';
import { words } from './words.js';
import { formatters, interpolate } from '../../web/src/i18n/format.js';
import type { MessageKey } from '../../web/src/i18n/en.js';
import { PAGE_WORDS, type PageWord } from '../../web/src/pages/code/page-words.table.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

describe('dashboard: menu, coupon, event and social page editors', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) each page is made in its editor, previewed, served, edited; a bad end is named at its field`, async () => {
      const shared = words(lang);
      // The editors' own words live in their lazy chunk's table; the rest are the dashboard's.
      const w = (key: PageWord | MessageKey, vars?: Record<string, string | number>) =>
        key in PAGE_WORDS.en
          ? interpolate(PAGE_WORDS[lang][key as PageWord], vars, formatters(lang))
          : shared(key as MessageKey, vars);
      const h = fx.server.h;
      const tenant: Tenant = await seedTenant(h, 'pro');
      const ctx = await newContext(fx.browser, fx.server.url);
      const page: Page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);

      const preview = page.getByTestId('page-preview');
      const start = async (type: string, title: string) => {
        await setWidth(page, DESKTOP);
        await page.goto('/codes/new');
        await page.getByLabel(w('codes.type')).selectOption(type);
        await page.getByLabel(w('edit.title'), { exact: true }).fill(`${title} code`);
        await page.getByLabel(w('content.pageTitle')).fill(title);
      };
      /** Creates the code, and answers it as the API has it. */
      const create = async () => {
        await page.getByRole('button', { name: w('edit.create') }).click();
        await page.waitForURL((u) => /^\/codes\/(?!new$)[^/]+$/.test(u.pathname));
        const id = new URL(page.url()).pathname.split('/').pop()!;
        const res = await call(h, { url: `/v1/codes/${id}`, tenant });
        assert.equal(res.statusCode, 200, res.body);
        return res.json.data as { id: string; short_code: string; content: Record<string, unknown> };
      };
      const publicText = async (short: string) => {
        await page.goto(`${fx.server.url}/r/${short}`);
        return page.locator('body').innerText();
      };
      const shoot = async (name: string) => {
        if (lang !== 'en') return;
        await setWidth(page, DESKTOP);
        // The editor's part of the form (the top of the viewport would show only the type and title).
        await page
          .locator('form > fieldset')
          .first()
          .screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
      };

      // A menu: two dishes, prices, allergens from the EU list.
      await start('menu', 'Café Linde');
      await page.getByLabel(w('pages.sectionName', { n: 1 })).fill('Mains');
      await page.getByLabel(w('pages.itemName', { n: 1, m: 1 })).fill('Schnitzel');
      await page.getByLabel(w('pages.price', { n: 1, m: 1 })).fill(lang === 'de' ? '12,50' : '12.50');
      const allergens = page.getByRole('group', { name: w('pages.allergens', { n: 1, m: 1 }) });
      await allergens.getByLabel(w('pages.allergen.gluten'), { exact: true }).check();
      await allergens.getByLabel(w('pages.allergen.eggs'), { exact: true }).check();
      await page.getByRole('button', { name: w('pages.addItem', { n: 1 }) }).click();
      await page.getByLabel(w('pages.itemName', { n: 1, m: 2 })).fill('Salad');
      await preview.getByText('Schnitzel').waitFor();
      assert.match(await preview.innerText(), lang === 'de' ? /12,50\s€/ : /€12\.50/);
      assert.match(await preview.innerText(), new RegExp(w('pages.allergen.eggs')));
      await accessibleAtBothWidths(page, `menu editor (${lang})`);
      await shoot('page-editor-menu');
      const menu = await create();
      assert.deepEqual(menu.content.sections, [
        {
          name: 'Mains',
          items: [{ name: 'Schnitzel', price: 12.5, allergens: ['gluten', 'eggs'] }, { name: 'Salad' }],
        },
      ]);
      const menuPage = await publicText(menu.short_code);
      assert.ok(menuPage.includes('Schnitzel') && menuPage.includes('Café Linde'), menuPage);

      // Editing the menu loads it into the editor; a new price is saved and served.
      await page.goto(`/codes/${menu.id}/edit`);
      const price = page.getByLabel(w('pages.price', { n: 1, m: 1 }));
      assert.equal(await price.inputValue(), '12.5');
      assert.equal(await page.getByLabel(w('pages.itemName', { n: 1, m: 2 })).inputValue(), 'Salad');
      await price.fill(lang === 'de' ? '13,90' : '13.90');
      await page
        .getByRole('button', { name: w('app.save'), exact: true })
        .first()
        .click();
      await page.waitForURL(new RegExp(`/codes/${menu.id}$`));
      const edited = await call(h, { url: `/v1/codes/${menu.id}`, tenant });
      const sections = edited.json.data.content.sections as Array<{ items: Array<{ price?: number }> }>;
      assert.equal(sections[0].items[0].price, 13.9);
      assert.match(await publicText(menu.short_code), /13[.,]90/);

      // A coupon: the code, its last day, terms and where to redeem it.
      await start('coupon', 'Ten percent off');
      await page.getByLabel(w('pages.couponCode')).fill('LINDE10');
      await page.getByLabel(w('pages.lastDay')).fill('2099-12-31');
      await page.getByLabel(w('pages.terms')).fill('One per guest.');
      await page.getByLabel(w('pages.redeemUrl')).fill('https://example.com/shop');
      await preview.getByText('LINDE10').waitFor();
      await preview.getByText('One per guest.').waitFor();
      await accessibleAtBothWidths(page, `coupon editor (${lang})`);
      await shoot('page-editor-coupon');
      const coupon = await create();
      assert.equal(coupon.content.expires_on, '2099-12-31');
      const couponPage = await publicText(coupon.short_code);
      assert.ok(couponPage.includes('LINDE10') && couponPage.includes('One per guest.'), couponPage);

      // An event in Berlin's zone: an end before the start is refused at the end field.
      await start('event', 'Summer party');
      await page.getByLabel(w('pages.zone')).selectOption('Europe/Berlin');
      await page.getByLabel(w('pages.startsAt')).fill('2027-06-30T19:00');
      await page.getByLabel(w('pages.endsAt')).fill('2027-06-30T18:00');
      await page.getByLabel(w('pages.place')).fill('Town hall');
      await preview.getByText('Town hall').waitFor();
      await page.getByRole('button', { name: w('edit.create') }).click();
      const endError = page.locator('.field-error[data-pointer="/content/ends_at"]');
      await endError.waitFor();
      assert.equal(
        await endError.innerText(),
        w('problem.code.range', { field: lang === 'de' ? `„${w('pages.endsAt')}“` : `“${w('pages.endsAt')}”` }),
      );
      assert.equal(await page.getByLabel(w('pages.place')).inputValue(), 'Town hall');
      await page.getByLabel(w('pages.endsAt')).fill('2027-06-30T23:00');
      await accessibleAtBothWidths(page, `event editor (${lang})`);
      await shoot('page-editor-event');
      const event = await create();
      assert.equal(event.content.starts_at, '2027-06-30T19:00:00+02:00');
      assert.equal(event.content.ends_at, '2027-06-30T23:00:00+02:00');
      assert.ok((await publicText(event.short_code)).includes('Town hall'));
      const ics = await fetch(`${fx.server.url}/r/${event.short_code}/event.ics`);
      assert.equal(ics.status, 200);
      const cal = (await ics.text()).replace(/\r\n /g, '');
      assert.ok(cal.includes('SUMMARY:Summer party'), cal);
      assert.ok(cal.includes('DTSTART:20270630T170000Z'), cal);

      // Social profiles from the network list.
      await start('social', 'Find us');
      await page.getByLabel(w('pages.profileUrl', { n: 1 })).fill('https://instagram.com/linde');
      await page.getByRole('button', { name: w('pages.addProfile') }).click();
      await page.getByLabel(w('pages.network', { n: 2 })).selectOption('mastodon');
      await page.getByLabel(w('pages.profileUrl', { n: 2 })).fill('https://mastodon.social/@linde');
      await page.getByLabel(w('pages.profileLabel', { n: 2 })).fill('Linde on Mastodon');
      await preview.getByText('Linde on Mastodon').waitFor();
      await preview.getByText('Instagram').waitFor();
      await accessibleAtBothWidths(page, `social editor (${lang})`);
      await shoot('page-editor-social');
      const social = await create();
      assert.deepEqual(social.content.profiles, [
        { network: 'instagram', url: 'https://instagram.com/linde' },
        { network: 'mastodon', url: 'https://mastodon.social/@linde', label: 'Linde on Mastodon' },
      ]);
      const socialPage = await publicText(social.short_code);
      assert.ok(socialPage.includes('Linde on Mastodon'), socialPage);
      await ctx.close();
    });
  }
});
