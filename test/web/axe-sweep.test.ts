// Issue #24: no serious or critical axe violation on any dashboard screen, desktop and phone, both
// languages, and no screen scrolls sideways at 360 px. The screens are read from the router's tables
// (web/src/routes.tsx and the operator's console's), so a new route is swept without touching this file; a route with a parameter
// needs its fixture in `params` (the test says so). Every screen has content: a code, a second
// workspace, a second member, a webhook, a passport and its model passport, a GS1 prefix.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, randomSlug, seedMember, type Tenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { createPassport, publisher, uniqueFixture } from '../support/passports.js';
import { DESKTOP, expectAccessible, LANGS, PHONE, type Lang, setWidth } from '../support/axe.js';
import { chromiumMissing, launch, logIn, networkQuiet, newContext, startServer, type WebServer } from './browser.js';

const skip = chromiumMissing();

/** The router's paths: public ones start with a slash, the signed-in layout's children do not. */
function routes(): { signedIn: string[]; public: string[] } {
  const source = ['routes.tsx', 'pages/operator/operator-routes.tsx']
    .map((f) => readFileSync(new URL(`../../web/src/${f}`, import.meta.url), 'utf8'))
    .join('\n');
  const paths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!);
  return {
    signedIn: paths.filter((p) => !p.startsWith('/') && p !== '*').map((p) => `/${p}`),
    public: paths.filter((p) => p.startsWith('/') && p !== '/'),
  };
}

async function created(res: Promise<Awaited<ReturnType<typeof call>>>) {
  const r = await res;
  assert.ok(r.statusCode < 300, r.body.slice(0, 400));
  return r.json.data;
}

/** Opens a screen in a language and waits for its heading and its data. */
async function open(page: Page, path: string, lang: Lang, quiet: () => Promise<void>) {
  await setWidth(page, DESKTOP);
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await page.locator('h1').first().waitFor();
  await quiet();
}

/** axe at both widths; at the phone width the page is no wider than the screen. */
async function sweep(page: Page, what: string, signedIn: boolean) {
  if (process.env.SWEEP_LOG) appendFileSync(process.env.SWEEP_LOG, `${new Date().toISOString()} ${what}\n`);
  await expectAccessible(page, `${what} (${DESKTOP.width}px)`);
  await setWidth(page, PHONE);
  if (signedIn) await page.getByTestId('menu-button').waitFor();
  await expectAccessible(page, `${what} (${PHONE.width}px)`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${what} is ${width}px wide on a ${PHONE.width}px screen`);
}

describe('axe and phone width on every dashboard screen', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let tenant: Tenant;
  const params: Record<string, string> = {};
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    const h = server.h;
    tenant = await publisher(h, 'pro');
    const owner = (method: 'POST', url: string, body?: unknown) => call(h, { method, url, body, tenant });
    const code = await createCode(h, tenant, {
      type: 'url',
      dynamic: true,
      title: 'Spring campaign poster with a long title',
      url: 'https://example.com/a/rather/long/landing/page/path?utm_source=poster&utm_campaign=spring',
      tags: ['print', 'spring'],
    });
    await createCode(h, tenant, { type: 'url', url: 'https://example.com/', title: 'Greeting' });
    const workspace = await created(owner('POST', '/v1/workspaces', { name: 'Second', slug: randomSlug('ws') }));
    const ev = uniqueFixture('ev', 'AXE');
    const passport = await createPassport(h, tenant, ev);
    const general = ev.data.generalProductInformation as Record<string, unknown>;
    const model = await created(
      owner('POST', '/v1/dpp-models', {
        gtin: passport.gtin,
        category: 'ev',
        data: {
          generalProductInformation: {
            batteryModel: general.batteryModel,
            manufacturerInformation: general.manufacturerInformation,
          },
        },
      }),
    );
    await created(
      owner('POST', '/v1/webhooks', { url: 'https://192.0.2.80/hook', event_types: ['*'], enabled: false }),
    );
    await seedMember(h, tenant, { workspace: 'editor' });
    Object.assign(params, {
      '/codes/:id': `/codes/${code.id}`,
      '/codes/:id/edit': `/codes/${code.id}/edit`,
      '/workspaces/:id': `/workspaces/${workspace.id}`,
      '/passports/:id': `/passports/${passport.id}`,
      '/passports/models/:id': `/passports/models/${model.id}`,
      // Not an operator: the console's screens are its not-found page (test/web/operator-console.test.ts sweeps them open).
      '/operator/organizations/:id': `/operator/organizations/${tenant.organizationId}`,
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const screens = (list: string[]) =>
    list.map((route) => {
      if (!route.includes(':')) return route;
      const path = params[route];
      assert.ok(path, `the sweep needs a fixture for ${route}: add it to params in test/web/axe-sweep.test.ts`);
      return path;
    });

  it('signed-in screens, 1280 and 360 px, English and German', async () => {
    const ctx: BrowserContext = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const quiet = networkQuiet(page);
    await logIn(page, tenant.email, tenant.password);
    const failures: string[] = [];
    for (const lang of LANGS) {
      await page.evaluate((l) => localStorage.setItem('qrs.lang', l), lang);
      for (const path of screens(routes().signedIn)) {
        try {
          await open(page, path, lang, quiet);
          await sweep(page, `${path} (${lang})`, true);
        } catch (err) {
          failures.push((err as Error).message);
          if (process.env.SWEEP_LOG) appendFileSync(process.env.SWEEP_LOG, `${(err as Error).message}\n`);
        }
      }
    }
    await ctx.close();
    assert.deepEqual(failures, []);
  });

  it('the check itself: a violation fails it, on a new document and after a change in the same one', async () => {
    const page = await browser.newPage();
    const doc = (img: string) => `<html lang="en"><title>t</title><main><h1>t</h1>${img}</main></html>`;
    await page.setContent(doc('<img src="data:,">'));
    await assert.rejects(expectAccessible(page, 'no alt'), /critical image-alt/);
    await page.setContent(doc('<img src="data:," alt="A QR code">'));
    await expectAccessible(page, 'with alt');
    await page.evaluate(() => document.querySelector('img')!.removeAttribute('alt'));
    await assert.rejects(expectAccessible(page, 'alt removed'), /critical image-alt/);
    await page.close();
  });

  it('public screens (sign-up, log-in, password and e-mail links), both widths and languages', async () => {
    const failures: string[] = [];
    for (const lang of LANGS) {
      const ctx = await newContext(browser, server.url, lang === 'de' ? 'de-DE' : 'en-GB');
      const page = await ctx.newPage();
      const quiet = networkQuiet(page);
      for (const path of routes().public) {
        try {
          await open(page, path, lang, quiet);
          await sweep(page, `${path} (${lang})`, false);
        } catch (err) {
          failures.push((err as Error).message);
          if (process.env.SWEEP_LOG) appendFileSync(process.env.SWEEP_LOG, `${(err as Error).message}\n`);
        }
      }
      await ctx.close();
    }
    assert.deepEqual(failures, []);
  });
});
