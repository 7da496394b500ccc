// Issue #56 item 4 (docs/decisions.md D80): single sign-on in the dashboard, in English and German.
// The org_admin sets up the connection on the organization's SSO screen (the secret is never shown
// again), then a new person signs in from the sign-in page's "Sign in with SSO" through the
// loopback OpenID provider's own login form and lands in the dashboard as the member its group maps
// to. A failed return is explained on the sign-in page. axe finds nothing serious at 1280 and 360 px.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomSlug, seedTenant } from '../support/harness.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { startIdp, type LoopbackIdp } from '../support/oidc.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

describe('dashboard: single sign-on', { skip }, () => {
  const fx = webJourney(() => ({ SSO_ALLOW_INSECURE_ISSUERS: 'true' }));
  let idp: LoopbackIdp;
  before(async () => {
    idp = await startIdp(`${fx.server.url}/auth/sso/callback`);
  });
  after(() => idp?.close());

  for (const lang of LANGS) {
    it(`(${lang}) an org_admin sets it up; a new member signs in through the provider's form`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'business');
      const { slug } = await h.db
        .selectFrom('organizations')
        .select('slug')
        .where('id', '=', tenant.organizationId)
        .executeTakeFirstOrThrow();

      const admin = await newContext(fx.browser, fx.server.url);
      let page = await admin.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);
      await page
        .getByRole('link', { name: w('nav.sso') })
        .first()
        .click();
      await page.getByRole('heading', { name: w('sso.title') }).waitFor();
      await page.getByText(w('sso.notSet')).waitFor();
      await page.getByLabel(w('sso.issuer')).fill(idp.issuer);
      await page.getByLabel(w('sso.clientId')).fill(idp.clientId);
      await page.getByLabel(w('sso.clientSecret')).fill(idp.clientSecret);
      await page.getByLabel(w('sso.roleClaim')).fill('groups');
      await page.getByRole('button', { name: w('sso.addMapping') }).click();
      await page.getByLabel(w('sso.mappingValue'), { exact: true }).fill('qrs-editors');
      await page.getByLabel(w('sso.mappingRole'), { exact: true }).selectOption('editor');
      await page.getByRole('button', { name: w('app.save') }).click();
      await page.getByText(w('app.saved')).waitFor();
      // The secret is kept but never shown; the addresses to register appear.
      await page.getByText(`${fx.server.url}/auth/sso/callback`).waitFor();
      assert.equal(await page.getByLabel(w('sso.clientSecret')).inputValue(), '');
      await screenshot(page, `sso-settings-${lang}`);
      await accessibleAtBothWidths(page, `SSO settings (${lang})`);
      await admin.close();

      // A person who has never used qrs signs in through the provider.
      const email = `${randomSlug('sso')}@idp.example`;
      idp.accounts.set(`eva-${lang}`, { sub: `eva-${lang}`, email, email_verified: true, groups: ['qrs-editors'] });
      const visitor = await newContext(fx.browser, fx.server.url);
      page = await visitor.newPage();
      await page.goto('/login');
      await chooseLanguage(page, lang);
      await page.getByRole('button', { name: w('sso.login.button') }).click();
      await page.getByLabel(w('sso.login.organization')).fill(slug);
      await screenshot(page, `sso-sign-in-${lang}`);
      await accessibleAtBothWidths(page, `sign in with SSO (${lang})`);
      await setWidth(page, DESKTOP);
      await page.getByRole('button', { name: w('sso.login.go') }).click();
      // The provider's own (development) login form, on its own origin.
      await page.waitForURL((u) => u.href.startsWith(idp.issuer));
      await page.locator('input[name="login"]').fill(`eva-${lang}`);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.waitForURL((u) => u.href.startsWith(fx.server.url) && u.pathname === '/codes');
      await page.getByRole('heading', { name: w('nav.codes'), exact: true }).waitFor();
      const me = await page.evaluate(async () => (await fetch('/auth/me')).json());
      assert.equal(me.data.user.email, email);
      assert.equal(me.data.current.role, 'editor');
      await visitor.close();

      // A return the server refuses is explained on the sign-in page, in the dashboard's words.
      const other = await newContext(fx.browser, fx.server.url);
      page = await other.newPage();
      await page.goto('/login');
      await chooseLanguage(page, lang);
      await page.goto('/auth/sso/callback?state=not-this-browsers&code=x');
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText(w('problem.text.sso-failed')).waitFor();
      await accessibleAtBothWidths(page, `SSO failed (${lang})`);
      await other.close();
    });
  }
});
