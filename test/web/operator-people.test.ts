// The operator's console, the rest of the day-to-day (docs/decisions.md D73, D74), in English and
// German: an organization's open invitation mailed again and then revoked; a user erased behind
// their typed address, with the organization they run alone (they cannot sign in after); the organization erased behind its slug (its code
// stops redirecting); a colleague named operator from the Operators screen, an unknown address
// refused in words, and the colleague removed again; a test e-mail sent from the health screen.
// axe at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { call, randomSlug } from '../support/harness.js';
import { sessionOf } from '../support/suite.js';
import { chromiumMissing, mailJourney, newContext, screenshot } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';
import { enrolTwoFactor, logInWithCode, PASSWORD, person } from './operator-support.js';

const skip = chromiumMissing();
const OPERATORS = { en: `${randomSlug('opp-en')}@example.com`, de: `${randomSlug('opp-de')}@example.com` };

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

describe("dashboard: the operator's invitations, erasures and operators", { skip }, () => {
  const fx = mailJourney(() => ({ OPERATOR_EMAILS: Object.values(OPERATORS).join(',') }));

  const untilMails = async (address: string, n: number) => {
    const until = Date.now() + 10_000;
    while (fx.smtp.to(address).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.equal(fx.smtp.to(address).length, n, `mails to ${address}`);
  };

  for (const lang of LANGS) {
    it(`(${lang}) resends and revokes an invitation, erases a user and an organization, names and removes an operator, sends a test e-mail`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const base = fx.server.url;
      await person(h, OPERATORS[lang], 'Operator HQ');
      const customerName = `Leaving ${lang} ${randomSlug('c')}`;
      const customerEmail = `${randomSlug('owner')}@example.com`;
      const customer = await person(h, customerEmail, customerName);
      const admin = await sessionOf(h, {
        userId: customer.user_id,
        email: customerEmail,
        password: PASSWORD,
        organizationId: customer.organization_id,
        workspaceId: customer.workspace_id,
        apiKey: customer.api_key,
        auth: { authorization: '' },
      });
      const invitee = `${randomSlug('invitee')}@example.com`;
      const invited = await call(h, {
        method: 'POST',
        url: '/v1/members',
        headers: admin.headers,
        body: { email: invitee },
      });
      assert.equal(invited.statusCode, 201, invited.body);
      await untilMails(invitee, 1);
      const created = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        headers: admin.headers,
        body: { type: 'url', url: 'https://shop.example.com/', title: 'Shop' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const shortCode = (created.json.data as { short_code: string }).short_code;
      const leaver = await person(h, `${randomSlug('leaver')}@example.com`, `Leaver ${lang}`);
      const leaverEmail = (
        await h.db.selectFrom('users').select('email').where('id', '=', leaver.user_id).executeTakeFirstOrThrow()
      ).email;
      const colleague = await person(h, `${randomSlug('colleague')}@example.com`, `Colleague ${lang}`);
      const colleagueEmail = (
        await h.db.selectFrom('users').select('email').where('id', '=', colleague.user_id).executeTakeFirstOrThrow()
      ).email;

      const secret = await enrolTwoFactor(fx.browser, base, OPERATORS[lang]);
      const ctx = await newContext(fx.browser, base);
      const page = await ctx.newPage();
      await logInWithCode(page, OPERATORS[lang], secret);
      await chooseLanguage(page, lang);

      // The invitation: mailed again (a second mail), then revoked.
      await page.goto(`/operator/organizations/${customer.organization_id}`);
      await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
      const invitations = page.getByTestId('op-invitations');
      const row = invitations.getByRole('row').filter({ hasText: invitee });
      await row.getByRole('button', { name: w('opx.inv.resend') }).click();
      await untilMails(invitee, 2);
      await row.getByRole('button', { name: w('opx.inv.revoke') }).click();
      await row.getByText(w('opx.inv.status.revoked'), { exact: true }).waitFor();
      assert.equal(await row.getByRole('button').count(), 0, 'a revoked invitation offers nothing');

      // The organization, erased behind its slug: back to the list, and its code no longer redirects.
      const slug = (
        await h.db
          .selectFrom('organizations')
          .select('slug')
          .where('id', '=', customer.organization_id)
          .executeTakeFirstOrThrow()
      ).slug;
      const eraseOrg = page.getByTestId('op-erase-org');
      await eraseOrg.getByTestId('op-erase-org-confirm').fill(slug);
      await eraseOrg.getByRole('button', { name: w('opx.erase.do') }).click();
      await page.waitForURL(/\/operator\/organizations$/);
      assert.notEqual((await fetch(`${base}/r/${shortCode}`, { redirect: 'manual' })).status, 302);

      // A user, erased behind their typed address: they cannot sign in any more.
      await page.goto(`/operator/users?q=${encodeURIComponent(leaverEmail)}`);
      const user = page.locator(`[data-testid="op-user"][data-email="${leaverEmail}"]`);
      await user.getByTestId('op-user-erase').click();
      const eraseUser = page.getByTestId('op-erase-user');
      await eraseUser.getByTestId('op-erase-user-confirm').fill(leaverEmail);
      await eraseUser.getByRole('button', { name: w('opx.erase.do') }).click();
      // They run an organization alone: the 409 offers to delete it with them.
      await eraseUser.getByTestId('op-erase-user-orgs').check();
      await eraseUser.getByRole('button', { name: w('opx.erase.do') }).click();
      await page.getByText(w('opx.users.empty')).waitFor();
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: leaverEmail, password: PASSWORD }),
      });
      assert.equal(login.status, 401);

      // The Operators screen: an unknown address refused in words; the colleague named, then removed.
      await page.goto('/operator/operators');
      await page.getByRole('heading', { name: w('opo.title'), level: 1 }).waitFor();
      const form = page.getByTestId('op-name-operator');
      await form.getByLabel(w('opo.email')).fill('nobody-at-all@example.com');
      await form.getByRole('button', { name: w('opo.addDo') }).click();
      const refusal = form.locator('.field-error[data-pointer="/email"]');
      await refusal.waitFor();
      const said = w('problem.code.no_user').split(': ')[1] ?? w('problem.code.no_user');
      assert.ok((await refusal.innerText()).includes(said.slice(0, 20)), await refusal.innerText());
      await form.getByLabel(w('opo.email')).fill(colleagueEmail);
      await form.getByRole('button', { name: w('opo.addDo') }).click();
      await form.getByText(w('opo.namedNo2fa').replace('{email}', colleagueEmail)).waitFor();
      const named = page.locator(`[data-testid="op-operator"][data-email="${colleagueEmail}"]`);
      await named.getByText(w('opo.no2fa')).waitFor();
      const me = page.locator(`[data-testid="op-operator"][data-email="${OPERATORS[lang]}"]`);
      await me.getByText(w('opo.bySetting')).waitFor();
      assert.equal(await me.getByTestId('op-operator-remove').count(), 0, 'no removing oneself');
      await accessible(page, `operator operators (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-operators');
      await named.getByTestId('op-operator-remove').click();
      await named.getByRole('button', { name: w('app.confirm') }).click();
      await named.waitFor({ state: 'detached' });
      const audit = await h.db
        .selectFrom('operator_audit')
        .select('action')
        .where('target_id', '=', colleague.user_id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        audit.map((a) => a.action),
        ['operator.added', 'operator.removed'],
      );

      // The health screen's test e-mail, in the console's language, with the server's answer.
      await page.goto('/operator/health');
      const mailTest = page.getByTestId('op-mail-test');
      const inbox = `${randomSlug('inbox')}@example.com`;
      await mailTest.getByLabel(w('op.mailTest.to')).fill(inbox);
      await mailTest.getByRole('button', { name: w('op.mailTest.send') }).click();
      await mailTest.getByTestId('op-mail-test-result').getByText(inbox, { exact: false }).waitFor();
      await untilMails(inbox, 1);
      assert.equal(fx.smtp.to(inbox)[0].subject, lang === 'de' ? 'qrs: Testnachricht' : 'qrs: test message');
      await ctx.close();
    });
  }
});
