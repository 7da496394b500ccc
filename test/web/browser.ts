// Browser test support: a real server on a free port over a SQLite file, Debian's Chromium driven
// by playwright-core (never a downloaded browser), axe checks and screenshots.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { before, after } from 'node:test';
import { createHarness, type Harness } from '../support/harness.js';
import { TestSmtp } from '../support/mail.js';
import { freePort } from '../support/private-servers.js';
import { trackBrowser, watchContext } from './failure-report.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOTS = join(root, 'docs', 'dashboard');

/** The skip reason when Chromium is missing, printed loudly so a skipped run never looks green. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `${CHROMIUM} missing: browser tests SKIPPED (apt-get install chromium)`;
  console.warn(`\n${'!'.repeat(78)}\n!! ${reason}\n${'!'.repeat(78)}\n`);
  return reason;
}

/** Builds web/dist once when it is missing (a checkout where `npm install` skipped prepare);
 * the root build makes sdk/dist first, which the dashboard imports. */
/** The dashboard build the servers serve: web/dist, or WEB_DIST (a build of a branch's own web/src). */
export function ensureBuilt(): string {
  const dist = process.env.WEB_DIST || join(root, 'web', 'dist');
  if (!existsSync(join(dist, 'index.html'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return dist;
}

export interface WebServer {
  h: Harness;
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  opts: Parameters<typeof createHarness>[2] = {},
): Promise<WebServer> {
  const dist = ensureBuilt();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'qrs-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const h = await createHarness(
    { name: 'sqlite', url: `sqlite:${join(dir, 'e2e.sqlite')}` },
    {
      BASE_URL: url,
      WEB_DIST: dist,
      SCAN_FLUSH_MS: '100',
      ...env,
    },
    opts,
  );
  await h.app.listen({ port, host: '127.0.0.1' });
  return {
    h,
    url,
    port,
    async close() {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
    headless: true,
  });
  trackBrowser(browser);
  return browser;
}

export async function newContext(browser: Browser, base: string, locale = 'en-US'): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: base,
    locale,
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
  });
  ctx.setDefaultTimeout(15_000);
  watchContext(ctx);
  return ctx;
}

export { expectAccessible } from '../support/axe.js';

/**
 * Waits until the page has had no request in flight for `quietMs`. Playwright's `networkidle` asks
 * for 500 ms on every navigation; a screen that sweeps dozens of pages waits that long each time
 * for nothing, while its data lands in a few milliseconds on loopback. Call the returned function
 * after each navigation; a dependent request (a lazy chunk after the data) starts well within
 * `quietMs` of the one before it.
 */
export function networkQuiet(page: Page, quietMs = 150): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight++;
    last = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const deadline = Date.now() + 15_000;
    while (inFlight > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`${inFlight} requests still in flight after 15 s on ${page.url()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

/** A small PNG of the viewport for docs/dashboard.md (committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.QRS_SCREENSHOTS && existsSync(join(SCREENSHOTS, `${name}.png`))) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), type: 'png', animations: 'disabled' });
}

/** Signs up through the UI and lands on the codes list. */
export async function signUp(
  page: Page,
  email: string,
  password = 'correct horse battery',
  org = 'Acme Marketing',
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Organization name').fill(org);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Codes' }).waitFor();
}

export async function logIn(page: Page, email: string, password = 'correct horse battery'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Codes' }).waitFor();
}

/**
 * A journey's app server and Chromium, started before the suite's tests and stopped after them;
 * read `server` and `browser` inside the tests. `env` is called in the `before` hook, so it may
 * read what an earlier hook started.
 */
export function webJourney(env: () => Record<string, string> = () => ({})): { server: WebServer; browser: Browser } {
  const fx = {} as { server: WebServer; browser: Browser };
  before(async () => {
    [fx.server, fx.browser] = await Promise.all([startServer(env()), launch()]);
  });
  after(async () => {
    await fx.browser?.close();
    await fx.server?.close();
  });
  return fx;
}

/** The journeys that follow mail: a webJourney whose server sends to a loopback SMTP server (jobs polled every 100 ms). */
export function mailJourney(env: () => Record<string, string> = () => ({})): {
  server: WebServer;
  browser: Browser;
  smtp: TestSmtp;
} {
  const smtp = new TestSmtp();
  before(() => smtp.start());
  const fx = webJourney(() => ({ ...env(), SMTP_URL: smtp.url, JOBS_POLL_INTERVAL_MS: '100' }));
  // Registered after the journey's own: the server and browser stop first, then the SMTP server.
  after(() => smtp.stop());
  return Object.assign(fx, { smtp });
}
