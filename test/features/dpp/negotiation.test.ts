// Content negotiation of the public routes (pure; no database).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preferredType } from '../../../src/features/dpp/public.fns.js';

const PAGE = ['text/html', 'application/json'];
const RESOLVER = ['text/html', 'application/linkset+json'];

describe('preferredType', () => {
  it('serves HTML to browsers, curl and clients that send nothing', () => {
    assert.equal(preferredType('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', PAGE), 'text/html');
    assert.equal(preferredType('*/*', PAGE), 'text/html');
    assert.equal(preferredType(undefined, PAGE), 'text/html');
    assert.equal(preferredType('', PAGE), 'text/html');
  });

  it('serves JSON when it is asked for or weighted higher', () => {
    assert.equal(preferredType('application/json', PAGE), 'application/json');
    assert.equal(preferredType('text/html;q=0.5, application/json', PAGE), 'application/json');
    assert.equal(preferredType('application/*', PAGE), 'application/json');
    assert.equal(preferredType('application/json;q=0.4, */*;q=0.5', PAGE), 'text/html');
  });

  it('falls back to the first offer when nothing acceptable is offered', () => {
    assert.equal(preferredType('image/png', PAGE), 'text/html');
    assert.equal(preferredType('application/linkset+json', PAGE), 'text/html');
  });

  it("gives the resolver's linkset only to a client that asks for it", () => {
    assert.equal(preferredType('application/linkset+json', RESOLVER), 'application/linkset+json');
    assert.equal(preferredType('application/json', RESOLVER), 'text/html');
    assert.equal(preferredType('*/*', RESOLVER), 'text/html');
  });
});
