import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LINKSET_MEDIA_TYPE,
  SUPPORTED_LINK_TYPES,
  buildLinkset,
  linkHeader,
  resolveLinkType,
  resolverDescription,
} from '../../../src/features/dpp/dpp.linkset.js';

const target = {
  digital_link: 'https://qrs.example/01/04260123456788/10/L2606-A%2F07/21/VX77-2606-000481',
  public_url: 'https://qrs.example/dpp/04260123456788/VX77-2606-000481?lot=L2606-A%2F07',
  productName: 'Voltaris VX77',
};

describe('linkset (RFC 9264)', () => {
  test('has one context object anchored at the digital link, with a dpp, pip and default link', () => {
    const linkset = buildLinkset(target);
    assert.equal(LINKSET_MEDIA_TYPE, 'application/linkset+json');
    assert.equal(linkset.linkset.length, 1);
    const [context] = linkset.linkset;
    assert.equal(context.anchor, target.digital_link);
    assert.deepEqual(Object.keys(context).sort(), [
      'anchor',
      'https://gs1.org/voc/defaultLink',
      'https://gs1.org/voc/dpp',
      'https://gs1.org/voc/pip',
    ]);
    assert.deepEqual(context['https://gs1.org/voc/dpp'], [
      {
        href: target.public_url,
        type: 'text/html',
        title: 'Digital battery passport: Voltaris VX77',
        hreflang: ['en'],
      },
    ]);
  });

  test('every relation type is an absolute URI and every target has an href (RFC 9264 §4.2)', () => {
    const [context] = buildLinkset({ ...target, productName: undefined, lang: 'de' }).linkset;
    for (const [rel, targets] of Object.entries(context)) {
      if (rel === 'anchor') continue;
      assert.match(rel, /^https:\/\//);
      assert.ok(Array.isArray(targets));
      for (const t of targets as { href: string; hreflang: string[]; title: string }[]) {
        assert.ok(new URL(t.href));
        assert.deepEqual(t.hreflang, ['de']);
        assert.ok(t.title.length > 0);
      }
    }
  });

  test('serialises to a Link header, title* for non-ASCII titles', () => {
    const header = linkHeader(buildLinkset({ ...target, productName: 'Solenta Energía' }));
    assert.equal(header.split(', <').length, 3);
    assert.ok(
      header.startsWith(
        `<${target.public_url}>; rel="https://gs1.org/voc/dpp"; type="text/html"; hreflang="en"; title*=UTF-8''Digital%20battery%20passport%3A%20Solenta%20Energ%C3%ADa`,
      ),
    );
    assert.match(linkHeader(buildLinkset(target)), /title="Digital battery passport: Voltaris VX77"/);
    assert.doesNotMatch(header, /[^\x20-\x7e]/);
  });
});

describe('linkType resolution', () => {
  const redirect = (linkType: string) => ({ kind: 'redirect', linkType, href: target.public_url, type: 'text/html' });
  test('no linkType: the default link', () => {
    assert.deepEqual(resolveLinkType(undefined, target), redirect('gs1:defaultLink'));
    assert.deepEqual(resolveLinkType('', target), redirect('gs1:defaultLink'));
  });
  test('gs1:dpp, its alias gs1:productPassport and its full URI', () => {
    for (const value of ['gs1:dpp', 'gs1:productPassport', 'https://gs1.org/voc/dpp', 'http://gs1.org/voc/dpp']) {
      assert.deepEqual(resolveLinkType(value, target), redirect('gs1:dpp'), value);
    }
  });
  test('gs1:pip and gs1:defaultLink', () => {
    assert.deepEqual(resolveLinkType('gs1:pip', target), redirect('gs1:pip'));
    assert.deepEqual(resolveLinkType('gs1:defaultLink', target), redirect('gs1:defaultLink'));
  });
  test('linkset and all ask for the linkset', () => {
    assert.deepEqual(resolveLinkType('linkset', target), { kind: 'linkset' });
    assert.deepEqual(resolveLinkType('all', target), { kind: 'linkset' });
  });
  test('unknown link types are null (404)', () => {
    for (const value of ['gs1:recipeInfo', 'dpp', 'GS1:DPP', 'https://example.com/voc/dpp', 'gs1:']) {
      assert.equal(resolveLinkType(value, target), null, value);
    }
  });
  test('the supported list names each type once', () => {
    const names = SUPPORTED_LINK_TYPES.flatMap((t) => [t.curie, ...t.aliases]);
    assert.equal(new Set(names).size, names.length);
  });
});

describe('/.well-known/gs1resolver', () => {
  test('describes the resolver', () => {
    assert.deepEqual(resolverDescription({ name: 'qrs resolver', resolverRoot: 'https://qrs.example/' }), {
      name: 'qrs resolver',
      resolverRoot: 'https://qrs.example',
      supportedPrimaryKeys: ['gtin'],
      supportedLinkType: [
        { namespace: 'https://gs1.org/voc/', prefix: 'gs1:', profile: 'https://gs1.org/voc/?show=linktypes' },
      ],
      linkTypeDefaultCanBeLinkset: true,
      linkTypeDefaultCanBeAll: true,
    });
  });
});
