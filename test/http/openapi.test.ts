import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';

/** Every accounts route is in /openapi.json with its operationId, request schemas and responses. */
const ROUTES: Array<[string, string, string, { body?: boolean; query?: boolean; params?: boolean; ok: string }]> = [
  ['get', '/v1/organizations', 'getOrganization', { ok: '200' }],
  ['post', '/v1/organizations', 'createOrganization', { body: true, ok: '201' }],
  ['patch', '/v1/organizations/{id}', 'updateOrganization', { body: true, params: true, ok: '200' }],
  ['delete', '/v1/organizations/{id}', 'deleteOrganization', { params: true, ok: '200' }],
  ['get', '/v1/workspaces', 'listWorkspaces', { query: true, ok: '200' }],
  ['get', '/v1/workspaces/{id}', 'getWorkspace', { params: true, ok: '200' }],
  ['post', '/v1/workspaces', 'createWorkspace', { body: true, ok: '201' }],
  ['patch', '/v1/workspaces/{id}', 'updateWorkspace', { body: true, params: true, ok: '200' }],
  ['delete', '/v1/workspaces/{id}', 'archiveWorkspace', { params: true, ok: '200' }],
  ['post', '/auth/signup', 'signup', { body: true, ok: '201' }],
  ['post', '/auth/login', 'login', { body: true, ok: '200' }],
  ['post', '/auth/logout', 'logout', { ok: '200' }],
  ['get', '/auth/me', 'getMe', { ok: '200' }],
  ['post', '/auth/password', 'changePassword', { body: true, ok: '200' }],
  ['get', '/v1/members', 'listMembers', { query: true, ok: '200' }],
  ['get', '/v1/members/{user_id}', 'getMember', { params: true, ok: '200' }],
  ['post', '/v1/members', 'addMember', { body: true, ok: '201' }],
  ['patch', '/v1/members/{user_id}', 'updateMember', { body: true, params: true, ok: '200' }],
  ['delete', '/v1/members/{user_id}', 'removeMember', { params: true, ok: '200' }],
  ['get', '/v1/invitations', 'listInvitations', { query: true, ok: '200' }],
  ['delete', '/v1/invitations/{id}', 'revokeInvitation', { params: true, ok: '200' }],
  ['get', '/auth/invitations', 'listReceivedInvitations', { ok: '200' }],
  ['post', '/auth/invitations/{id}/accept', 'acceptInvitation', { params: true, ok: '200' }],
  ['post', '/auth/invitations/{id}/decline', 'declineInvitation', { params: true, ok: '200' }],
  ['post', '/v1/api-keys', 'createApiKey', { body: true, ok: '201' }],
  ['get', '/v1/api-keys', 'listApiKeys', { query: true, ok: '200' }],
  ['get', '/v1/api-keys/{id}', 'getApiKey', { params: true, ok: '200' }],
  ['delete', '/v1/api-keys/{id}', 'revokeApiKey', { params: true, ok: '200' }],
  ['get', '/v1/audit-logs', 'listAuditLogs', { query: true, ok: '200' }],
  ['get', '/v1/audit-logs/{id}', 'getAuditLog', { params: true, ok: '200' }],
];

describe('accounts in the OpenAPI document', () => {
  let doc: any;
  const { h } = useHarness(sqlite, { tenant: false });
  before(async () => {
    doc = (await call(h, { url: '/openapi.json' })).json;
  });

  // Resources are named component schemas; follow a $ref to the schema it names.
  const deref = (schema: any): any =>
    schema?.$ref ? deref(doc.components.schemas[schema.$ref.split('/').pop()]) : schema;

  for (const [method, path, operationId, expect] of ROUTES) {
    it(`${method.toUpperCase()} ${path} (${operationId})`, () => {
      const op = doc.paths?.[path]?.[method];
      assert.ok(op, `${method} ${path} missing from /openapi.json`);
      assert.equal(op.operationId, operationId);
      assert.ok(op.tags?.length, 'tagged');
      assert.ok(op.summary, 'summarised');
      if (expect.body) {
        const schema = deref(op.requestBody?.content?.['application/json']?.schema);
        assert.ok(schema?.properties, 'request body schema');
        assert.equal(schema.additionalProperties, false, 'request bodies reject unknown fields');
      }
      if (expect.query)
        assert.ok(
          op.parameters?.some((p: any) => p.in === 'query' && p.name === 'limit'),
          'query parameters',
        );
      if (expect.params)
        assert.ok(
          op.parameters?.some((p: any) => p.in === 'path'),
          'path parameters',
        );
      const ok = deref(op.responses?.[expect.ok]?.content?.['application/json']?.schema);
      assert.ok(ok?.properties?.data, `${expect.ok} response schema with data`);
      assert.ok(ok.properties.meta, 'meta in the envelope');
      for (const status of ['400', '422', '401', '403', '404']) {
        if (status === '401' || status === '404') {
          if (path.startsWith('/auth/')) continue;
        }
        if ((status === '400' || status === '422') && !expect.body && !expect.query && !expect.params) continue;
        if (status === '403' && path.startsWith('/auth/')) continue;
        assert.ok(op.responses[status], `${status} documented`);
      }
    });
  }
});
