import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LINKSET_JSONLD_CONTEXT,
  LINKSET_MEDIA_TYPE,
  SUPPORTED_LINK_TYPES,
  buildLinkset,
  asciiTitle,
  linkHeader,
  linkValue,
  resolveLinkType,
  resolverDescription,
} from '../../../src/features/dpp/dpp.linkset.js';

const target = {
  digital_link: 'https://qrs.example/01/04260123456788/21/VX77-2606-000481',
  public_url: 'https://qrs.example/dpp/04260123456788/VX77-2606-000481?lot=L2606-A%2F07',
  productName: 'Voltaris VX77',
};
const model = {
  digital_link: 'https://qrs.example/01/04260123456788',
  public_url: 'https://qrs.example/dpp/04260123456788',
  productName: 'Voltaris VX77',
  manufacturerWebsite: 'https://voltaris.example',
  manufacturerName: 'Voltaris Cells GmbH',
};
const VOC = 'https://ref.gs1.org/voc/';

describe('linkset (RFC 9264)', () => {
  test('one context per level, anchored at its Digital Link, with an itemDescription (GS1 linkset schema)', () => {
    const linkset = buildLinkset(target, model);
    assert.equal(LINKSET_MEDIA_TYPE, 'application/linkset+json');
    assert.deepEqual(
      linkset.linkset.map((c) => c.anchor),
      [target.digital_link, model.digital_link],
    );
    const [context] = linkset.linkset;
    assert.equal(context.itemDescription, 'Voltaris VX77');
    assert.deepEqual(Object.keys(context).sort(), [
      'anchor',
      `${VOC}defaultLink`,
      `${VOC}dpp`,
      `${VOC}pip`,
      'itemDescription',
    ]);
    assert.deepEqual(context[`${VOC}dpp`], [
      {
        href: target.public_url,
        title: 'Digital battery passport: Voltaris VX77',
        type: 'text/html',
        hreflang: ['en', 'de'],
      },
    ]);
    assert.deepEqual(linkset.linkset[1][`${VOC}homepage`], [
      { href: 'https://voltaris.example', title: 'Manufacturer: Voltaris Cells GmbH' },
    ]);
  });

  test('RES 2.5.8: the default link has a title and an href, nothing else', () => {
    for (const context of buildLinkset(target, model).linkset)
      for (const link of context[`${VOC}defaultLink`] as object[])
        assert.deepEqual(Object.keys(link).sort(), ['href', 'title']);
  });

  test('RES 2.14: relation types are in the current GS1 Web Vocabulary namespace', () => {
    for (const context of buildLinkset(target, model).linkset)
      for (const rel of Object.keys(context).filter((k) => k !== 'anchor' && k !== 'itemDescription'))
        assert.ok(rel.startsWith(VOC), rel);
  });

  test('serialises to a Link header: a title on every link; non-ASCII or quotes get title* (RFC 8187) and an ASCII title', () => {
    const header = linkHeader(buildLinkset({ ...target, productName: 'Solenta Energía' }));
    assert.equal(header.split(', <').length, 3);
    assert.ok(
      header.startsWith(
        `<${target.public_url}>; rel="${VOC}dpp"; type="text/html"; hreflang="en"; title="Digital battery passport: Solenta Energia"; title*=UTF-8''Digital%20battery%20passport%3A%20Solenta%20Energ%C3%ADa`,
      ),
      header,
    );
    assert.doesNotMatch(header, /[^\x20-\x7e]/);
    assert.equal(linkValue('https://x.example', { title: 'plain' }), '<https://x.example>; title="plain"');
    assert.equal(
      linkValue('https://x.example', { title: 'Akku \u201eS\u00fcd\u201c "X" \\ \u2603' }),
      `<https://x.example>; title="Akku 'Sud' 'X' / ?"; title*=UTF-8''Akku%20%E2%80%9ES%C3%BCd%E2%80%9C%20%22X%22%20%5C%20%E2%98%83`,
    );
    assert.equal(asciiTitle("O'Brien (1*2)"), "O'Brien (1*2)");
  });
});

describe('linkType resolution', () => {
  const linkset = buildLinkset(target, model);
  const redirect = (linkType: string, href = target.public_url) => ({ kind: 'redirect', linkType, href });
  test('no linkType: the default link of the most specific level', () => {
    assert.deepEqual(resolveLinkType(undefined, linkset), redirect('gs1:defaultLink'));
    assert.deepEqual(resolveLinkType('', linkset), redirect('gs1:defaultLink'));
  });
  test('RES 2.14: gs1:dpp in every spelling: CURIE, alias, ref.gs1.org, gs1.org, www, http', () => {
    for (const value of [
      'gs1:dpp',
      'gs1:productPassport',
      'https://ref.gs1.org/voc/dpp',
      'https://gs1.org/voc/dpp',
      'http://gs1.org/voc/dpp',
      'https://www.gs1.org/voc/dpp',
    ])
      assert.deepEqual(resolveLinkType(value, linkset), redirect('gs1:dpp'), value);
  });
  test('RES 2.5.9: a link type only the GTIN level has is found by walking up', () => {
    assert.deepEqual(resolveLinkType('gs1:homepage', linkset), redirect('gs1:homepage', 'https://voltaris.example'));
    assert.equal(resolveLinkType('gs1:homepage', buildLinkset(target)), null);
  });
  test('linkset and all ask for the linkset', () => {
    assert.deepEqual(resolveLinkType('linkset', linkset), { kind: 'linkset' });
    assert.deepEqual(resolveLinkType('all', linkset), { kind: 'linkset' });
  });
  test('unknown link types are null (404)', () => {
    for (const value of ['gs1:recipeInfo', 'dpp', 'GS1:DPP', 'https://example.com/voc/dpp', 'gs1:']) {
      assert.equal(resolveLinkType(value, linkset), null, value);
    }
  });
  test('the supported list names each type once', () => {
    const names = SUPPORTED_LINK_TYPES.flatMap((t) => [t.curie, ...t.aliases]);
    assert.equal(new Set(names).size, names.length);
  });
});

describe('/.well-known/gs1resolver', () => {
  test('description file (GS1 suite rdFile): primary keys as numeric AIs, the JSON-LD context location', () => {
    assert.deepEqual(resolverDescription({ name: 'qrs resolver', resolverRoot: 'https://qrs.example/' }), {
      name: 'qrs resolver',
      resolverRoot: 'https://qrs.example',
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: VOC, prefix: 'gs1:', profile: `${VOC}?show=linktypes` }],
      linkTypeDefaultCanBeLinkset: true,
      linkTypeDefaultCanBeAll: true,
      jsonLdContextLocation: LINKSET_JSONLD_CONTEXT,
    });
  });
});
