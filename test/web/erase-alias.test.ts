// Issue #54: the two irreversible steps that had no button. A former short code of a code is
// deleted from the code's page after a confirmation (it answers 404 from then on), and an
// organization admin erases a member from the members screen after a confirmation that says what
// erasure does. English and German; axe at 1280 and 360 px with each confirmation open.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, randomSlug, seedMember, seedTenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { chromiumMissing, logIn, newContext, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

describe('dashboard: deleting a former short code, erasing a member', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) a former short code stops redirecting; a member is erased`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'pro');
      const former = randomSlug('old');
      const code = await createCode(h, tenant, {
        type: 'url',
        dynamic: true,
        url: 'https://example.com/',
        title: 'Poster',
        short_code: former,
      });
      const renamed = await call(h, {
        method: 'PATCH',
        url: `/v1/codes/${code.id}`,
        tenant,
        body: { short_code: randomSlug('new') },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      const member = await seedMember(h, tenant, { workspace: 'editor' });

      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);

      // The former short code: asked once more, then gone from the page and from the redirect.
      await page.goto(`/codes/${code.id}`);
      const aliases = page.getByTestId('aliases');
      await aliases.getByRole('button', { name: `${w('design.delete')} ${former}` }).click();
      await aliases.getByText(w('aliases.deleteConfirm', { name: former })).waitFor();
      await accessibleAtBothWidths(page, `alias confirmation (${lang})`);
      await setWidth(page, DESKTOP);
      assert.equal((await fetch(`${fx.server.url}/r/${former}`, { redirect: 'manual' })).status, 302);
      await aliases.getByRole('button', { name: w('app.confirm') }).click();
      await aliases.waitFor({ state: 'detached' });
      assert.equal((await fetch(`${fx.server.url}/r/${former}`, { redirect: 'manual' })).status, 404);

      // Erasing a member: the confirmation says what goes and what stays.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: w('nav.members') })
        .click();
      const table = page.getByTestId('members-table');
      await table.getByRole('button', { name: `${w('members.erase')} ${member.email}` }).click();
      await table.getByText(w('members.eraseConfirm', { email: member.email })).waitFor();
      await accessibleAtBothWidths(page, `erase confirmation (${lang})`);
      await setWidth(page, DESKTOP);
      await table.getByRole('button', { name: w('app.confirm') }).click();
      await page
        .getByTestId('member-erased')
        .getByText(w('members.erased', { email: member.email }))
        .waitFor();
      await table.getByText(member.email).waitFor({ state: 'detached' });
      const user = await h.db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirst();
      assert.notEqual(user?.email, member.email, 'the address is gone');
      await ctx.close();
    });
  }
});
