// Issues #54 and #55: GS1 prefix verification without a shell
// (docs/decisions/0075-gs1-prefix-verification.md), in English and in German. An org admin submits a
// prefix with a licence document and a GEPIR record and sees it pending; an operator (two-factor
// sign-in on) finds it in the queue, opens the document and verifies it; the org admin sees it
// verified and the notification in the bell. axe at 1280 and 360 px on each screen.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { randomSlug, seedTenant } from '../support/harness.js';
import { chromiumMissing, logIn, newContext, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();
const OPERATORS = { en: `${randomSlug('gs1-op-en')}@example.com`, de: `${randomSlug('gs1-op-de')}@example.com` };
const PDF = Buffer.from('%PDF-1.4\n% GS1 licence\n%%EOF\n');

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

const randomPrefix = () =>
  `6${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

describe('dashboard: GS1 prefix verification', { skip }, () => {
  const fx = webJourney(() => ({ OPERATOR_EMAILS: Object.values(OPERATORS).join(',') }));

  for (const lang of LANGS) {
    it(`(${lang}) an org admin submits a prefix with evidence, the operator verifies it in the queue, the admin is told`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const prefix = randomPrefix();

      // The organization's admin claims the prefix with its evidence.
      const customer = await seedTenant(h, 'pro');
      const orgCtx = await newContext(fx.browser, fx.server.url);
      const page = await orgCtx.newPage();
      await logIn(page, customer.email, customer.password);
      await chooseLanguage(page, lang);
      await page.goto('/settings/gs1-prefixes');
      await page.getByRole('heading', { name: w('gs1.title'), level: 1 }).waitFor();
      const form = page.getByTestId('gs1-claim');
      await form.getByLabel(w('gs1.prefix')).fill(prefix);
      await form
        .getByLabel(w('gs1.file'))
        .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByLabel(w('gs1.gepirText')).fill(`ACME GmbH, ${prefix}`);
      await form.getByRole('button', { name: w('gs1.claim') }).click();
      const row = page.getByTestId(`gs1-${prefix}`);
      await row.getByTestId('gs1-status').getByText(w('gs1.status.pending')).waitFor();
      await row.getByText(w('gs1.evidenceFile', { name: 'licence.pdf' })).waitFor();
      await accessible(page, `GS1 prefixes, pending (${lang})`);

      // The operator signs in, with two-factor sign-in on, and verifies it in the queue.
      const operator = await seedTenant(h);
      await h.db.updateTable('users').set({ email: OPERATORS[lang] }).where('id', '=', operator.userId).execute();
      const opCtx = await newContext(fx.browser, fx.server.url);
      const op = await opCtx.newPage();
      await logIn(op, OPERATORS[lang], operator.password);
      await h.db
        .updateTable('users')
        .set({ totp_enabled_at: new Date().toISOString() })
        .where('id', '=', operator.userId)
        .execute();
      await chooseLanguage(op, lang);
      await op.goto('/operator/gs1-prefixes');
      await op.getByRole('heading', { name: w('op.gs1.title'), level: 1 }).waitFor();
      const claim = op.getByTestId(`op-gs1-${prefix}`);
      const link = claim.getByRole('link', { name: w('op.gs1.openDocument', { name: 'licence.pdf' }) });
      await link.waitFor();
      const doc = await opCtx.request.get((await link.getAttribute('href'))!);
      assert.equal(doc.status(), 200);
      assert.deepEqual(Buffer.from(await doc.body()), PDF);
      await accessible(op, `operator GS1 queue (${lang})`);
      await claim.getByRole('button', { name: w('op.gs1.approve', { prefix }) }).click();
      const org = (
        await h.db
          .selectFrom('organizations')
          .select('name')
          .where('id', '=', customer.organizationId)
          .executeTakeFirstOrThrow()
      ).name;
      await op.getByRole('status').getByText(w('op.gs1.approved', { prefix, org })).waitFor();
      await claim.waitFor({ state: 'detached' });
      await opCtx.close();

      // The admin sees it verified, and the notice in the bell.
      await page.reload();
      await row.getByTestId('gs1-status').getByText(w('gs1.status.verified')).waitFor();
      await page.getByTestId('notification-bell').click();
      await page
        .getByTestId('notifications')
        .getByText(w('notifications.kind.gs1_prefix_verified', { prefix, organization: org }))
        .waitFor();
      await accessible(page, `GS1 prefix verified, notification (${lang})`);
      await orgCtx.close();
    });
  }
});
