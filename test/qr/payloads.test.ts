import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Value from 'typebox/value';
import { encodePayload, escapeVcard, escapeWifi } from '../../src/qr/payloads.js';
import { ContentSchemas } from '../../src/features/codes/content.schemas.js';
import { CONTENT } from './fixtures.js';

describe('payload text', () => {
  test('url and text are taken as they are', () => {
    assert.equal(encodePayload('url', { url: 'https://a.example/x?y=1' }), 'https://a.example/x?y=1');
    assert.equal(encodePayload('text', { text: 'Hällo\nWelt' }), 'Hällo\nWelt');
  });

  test('mailto percent-encodes subject and body, keeps @', () => {
    assert.equal(
      encodePayload('email', CONTENT.email),
      'mailto:info%2Bqr@example.com?subject=Gr%C3%BC%C3%9Fe%20%26%20Fragen%3F&body=Zeile%201%0AZeile%202%3A%20100%25%20sicher',
    );
    assert.equal(encodePayload('email', { to: 'a@b.de' }), 'mailto:a@b.de');
  });

  test('tel and SMSTO drop visual separators', () => {
    assert.equal(encodePayload('phone', { number: '+49 (30) 123-4567' }), 'tel:+49301234567');
    assert.equal(encodePayload('sms', { number: '+49 151 2345678', message: 'Hi: du' }), 'SMSTO:+491512345678:Hi: du');
    assert.equal(encodePayload('sms', { number: '0151 2345678' }), 'SMSTO:01512345678:');
  });

  test('wifi escapes \\ ; , : " and omits what is not set', () => {
    assert.equal(escapeWifi('a\\b;c,d:e"f'), 'a\\\\b\\;c\\,d\\:e\\"f');
    assert.equal(
      encodePayload('wifi', CONTENT.wifi),
      'WIFI:T:WPA;S:Café\\;Net\\:\\"5G\\";P:p@ss\\\\w\\,rd\\;\\:\\"x;H:true;;',
    );
    assert.equal(
      encodePayload('wifi', { ssid: 'Gast', encryption: 'nopass', password: 'ignored' }),
      'WIFI:T:nopass;S:Gast;;',
    );
  });

  test('vCard 3.0 with RFC 2426 escaping and CRLF line ends', () => {
    assert.equal(escapeVcard('a\\b,c;d\ne'), 'a\\\\b\\,c\\;d\\ne');
    assert.equal(
      encodePayload('vcard', CONTENT.vcard),
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Müller-Lüdenscheidt;Jürgen;;;',
        'FN:Jürgen Müller-Lüdenscheidt',
        'ORG:Müller\\, Söhne & Co\\; KG',
        'TITLE:Geschäftsführer',
        'TEL;TYPE=WORK,VOICE:+49301234567',
        'TEL;TYPE=CELL:+491517654321',
        'EMAIL;TYPE=INTERNET:j.mueller@example.de',
        'URL:https://example.de',
        'ADR;TYPE=WORK:;;Hauptstraße 5\\, Hinterhaus;Köln;;50667;Deutschland',
        'NOTE:Termine nur\\nnach Absprache\\; danke',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    assert.match(encodePayload('vcard', { organization: 'ACME' }), /\r\nN:;;;;\r\nFN:ACME\r\n/);
  });

  test('geo without exponents, optional query', () => {
    assert.equal(encodePayload('geo', { lat: 52.520008, lng: 13.404954 }), 'geo:52.520008,13.404954');
    assert.equal(
      encodePayload('geo', { lat: -0.00000001, lng: 1e-7, query: 'A & B' }),
      'geo:0,0.0000001?q=A%20%26%20B',
    );
  });
});

describe('content schemas', () => {
  const ok = (type: keyof typeof ContentSchemas, v: unknown) => Value.Check(ContentSchemas[type], v);

  test('the fixtures are valid', () => {
    for (const [type, content] of Object.entries(CONTENT))
      assert.ok(ok(type as keyof typeof ContentSchemas, content), type);
  });

  test('constraints', () => {
    assert.ok(!ok('geo', { lat: 91, lng: 0 }));
    assert.ok(!ok('geo', { lat: 0, lng: -180.5 }));
    assert.ok(!ok('email', { to: 'not-an-address' }));
    assert.ok(!ok('phone', { number: '12' }));
    assert.ok(!ok('phone', { number: '+49 30 abc' }));
    assert.ok(ok('phone', { number: '+49 (30) 123-45' }));
    assert.ok(!ok('wifi', { ssid: '', encryption: 'nopass' }));
    assert.ok(!ok('wifi', { ssid: 'x'.repeat(33), encryption: 'nopass' }));
    assert.ok(!ok('wifi', { ssid: 'Net', encryption: 'WPA' }), 'a secured network needs a password');
    assert.ok(ok('wifi', { ssid: 'Net', encryption: 'nopass' }));
    assert.ok(!ok('wifi', { ssid: 'Net', encryption: 'WPA3', password: 'x' }));
    assert.ok(!ok('url', { url: 'javascript:alert(1)' }));
    assert.ok(!ok('url', { url: 'https://a.example', extra: 1 }), 'unknown members are refused');
    assert.ok(!ok('vcard', { note: 'no name at all' }), 'FN needs a name or organization');
    assert.ok(ok('vcard', { last_name: 'Doe' }));
  });
});
