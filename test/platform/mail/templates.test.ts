import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES, TEMPLATES, type Template } from '../../../src/platform/mail/index.js';

// Parameters for each template; a template added without an entry here fails the first test.
const PARAMS: Record<keyof typeof TEMPLATES, Record<string, unknown>> = {
  announcement: {
    title: 'v1 field renamed',
    body: 'old_field becomes new_field.',
    link: 'http://qrs.test/docs/api/versioning',
    ends_at: '2027-03-01T00:00:00.000Z',
    dashboard_url: 'http://qrs.test/',
  },
  apiKeyCreated: { name: 'CI <deploy>', prefix: 'qrs_sk_Ab12' },
  emailChange: { url: 'http://qrs.test/confirm-email?token=T' },
  emailChanged: { new_email: 'new@example.com' },
  gs1PrefixDecided: {
    organization: 'ACME & Co',
    prefix: '4260123',
    decision: 'rejected',
    reason: 'The licence names another company.',
    url: 'http://qrs.test/settings/gs1-prefixes',
  },
  invitation: { url: 'http://qrs.test/invitations/accept?token=T', organization: 'ACME & Co', role: 'member' },
  mailTest: { base_url: 'http://qrs.test' },
  passwordChanged: { url: 'http://qrs.test/forgot-password' },
  passwordReset: { url: 'http://qrs.test/reset-password?token=T' },
  secondFactorFailures: { failures: 10, until: '2026-12-03 00:00', url: 'http://qrs.test/forgot-password' },
  twoFactorChanged: { enabled: true },
  usageThreshold: {
    organization: 'ACME & Co',
    meter: 'scans',
    threshold: 80,
    used: 20_000,
    limit: 25_000,
    period: '2026-11',
    url: 'http://qrs.test/settings/organization',
  },
  verifyEmail: { url: 'http://qrs.test/verify-email?token=T' },
};

describe('mail templates', () => {
  it('every template renders in English and German, text and HTML, differently per language', () => {
    for (const [key, template] of Object.entries(TEMPLATES) as Array<[keyof typeof TEMPLATES, Template<any>]>) {
      const params = PARAMS[key];
      assert.ok(params, `no test parameters for ${key}`);
      const [en, de] = LOCALES.map((l) => template.render(params, l));
      for (const r of [en, de]) {
        assert.ok(r.subject.length > 3, `${key} subject`);
        assert.ok(r.text.trim().length > 10, `${key} text`);
        assert.match(r.html, /^<!doctype html><html lang="(en|de)">/);
        assert.doesNotMatch(r.html, /<img|<script|url\(|src=/i, `${key}: no remote content`);
        // Every link of the text part is in the HTML part too.
        for (const url of r.text.match(/https?:\/\/\S+/g) ?? []) assert.ok(r.html.includes(url), `${key}: ${url}`);
      }
      assert.notEqual(en.subject, de.subject, `${key}: German subject`);
      assert.match(en.html, /lang="en"/);
      assert.match(de.html, /lang="de"/);
    }
  });

  it('an organization name is never a link: URLs and domains in it are written inert in every part', () => {
    const organization = 'URGENT: sign in at https://evil.test/login or www.evil.test, mail help@evil.test';
    for (const r of [
      TEMPLATES.invitation.render({ ...PARAMS.invitation, organization } as never, 'en'),
      TEMPLATES.usageThreshold.render({ ...PARAMS.usageThreshold, organization } as never, 'de'),
    ]) {
      const all = `${r.subject}\n${r.text}\n${r.html}`;
      assert.doesNotMatch(all, /evil\.test|https?:\/\/evil/);
      assert.ok(r.text.includes('https[:]//evil[.]test/login or www[.]evil[.]test, mail help@evil[.]test'), r.text);
    }
    assert.ok(TEMPLATES.invitation.render(PARAMS.invitation as never, 'en').subject.includes('ACME & Co'));
  });

  it('escapes what users typed into the HTML part', () => {
    const r = TEMPLATES.apiKeyCreated.render({ name: '<b>x</b>', prefix: 'p' }, 'en');
    assert.ok(r.html.includes('&lt;b&gt;x&lt;/b&gt;'));
    assert.ok(!r.html.includes('<b>x</b>'));
  });
});
