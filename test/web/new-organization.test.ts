// Another organization from the dashboard (POST /v1/organizations), in English and in German: an
// agency's second client. A slug the API refuses is explained at its field and creates nothing;
// then the organization is created with a slug made from its name, its creator is its
// administrator, and the dashboard switches to it. axe finds no serious violation at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomSlug, seedTenant } from '../support/harness.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { chromiumMissing, logIn, newContext, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

describe('dashboard: another organization', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) a refused slug at its field, then a new organization the dashboard switches to`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'pro');
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);
      await page.goto('/settings/organization');
      const form = page.getByTestId('new-organization');
      const count = async () =>
        (
          await h.db
            .selectFrom('organizations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = Number(await count());

      const name = `Kunde ${randomSlug('b')}`;
      await form.getByLabel(w('org.newName'), { exact: true }).fill(name);
      const slug = form.getByLabel(w('org.newSlug'), { exact: true });
      assert.equal(await slug.inputValue(), name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
      await slug.fill('Not A Slug!');
      await form.getByRole('button', { name: w('org.create') }).click();
      await form.locator('.field-error[data-pointer="/slug"]').waitFor();
      assert.equal(Number(await count()), before, 'a refused slug creates nothing');
      await accessibleAtBothWidths(page, `new organization, refused slug (${lang})`);
      await setWidth(page, DESKTOP);

      const wanted = randomSlug('client');
      await slug.fill(wanted);
      await form.getByRole('button', { name: w('org.create') }).click();
      await page.waitForURL(/\/codes$/);
      const switcher = page.getByLabel(w('switcher.organization'));
      await switcher.waitFor();
      assert.equal(await switcher.locator('option:checked').innerText(), name);

      const created = await h.db
        .selectFrom('organizations')
        .select(['id', 'slug'])
        .where('slug', '=', wanted)
        .executeTakeFirstOrThrow();
      const membership = await h.db
        .selectFrom('memberships')
        .select('role')
        .where('organization_id', '=', created.id)
        .where('user_id', '=', tenant.userId)
        .executeTakeFirstOrThrow();
      assert.equal(membership.role, 'org_admin');
      await ctx.close();
    });
  }
});
