// The operator's console for scripts (docs/decisions.md D73–D77 of the service): a client signed in
// as an operator with two-factor sign-in (`auth.signIn`, then the code step). To anyone else
// every call is a 404.
import type { Client } from 'openapi-fetch';
import type { paths } from './schema.js';
import type { CallOptions } from './transport.js';
import { at, data, pages, unwrap, type Body, type Query } from './envelope.js';

type Call = <T>(opts: CallOptions | undefined, run: (init: { signal?: AbortSignal }) => Promise<T>) => Promise<T>;

const id = (value: string) => ({ params: { path: { id: value } } });

export function operatorApi(client: Client<paths>, call: Call) {
  return {
    /** The signed-in operator (404 for anyone else, 403 without two-factor sign-in). */
    session: (opts?: CallOptions) => call(opts, (init) => client.GET('/v1/operator/session', init).then(data)),
    health: (opts?: CallOptions) => call(opts, (init) => client.GET('/v1/operator/health', init).then(data)),
    /** `qrs mail test`: `delivered` false carries the transport's own error. */
    mailTest: (body: Body<'operatorSendTestMail'>, opts?: CallOptions) =>
      call(opts, (init) => client.POST('/v1/operator/mail-test', { body, ...init }).then(data)),
    audit: (query: Omit<Query<'operatorListAudit'>, 'cursor'> = {}, opts?: CallOptions) =>
      pages((cursor) =>
        call(opts, (init) =>
          client.GET('/v1/operator/audit', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
        ),
      ),
    organizations: {
      list: (query: Omit<Query<'operatorListOrganizations'>, 'cursor'> = {}, opts?: CallOptions) =>
        pages((cursor) =>
          call(opts, (init) =>
            client
              .GET('/v1/operator/organizations', { params: { query: { ...query, ...at(cursor) } }, ...init })
              .then(unwrap),
          ),
        ),
      /** Recorded in the instance audit log as a look. */
      get: (orgId: string, opts?: CallOptions) =>
        call(opts, (init) => client.GET('/v1/operator/organizations/{id}', { ...id(orgId), ...init }).then(data)),
      setPlan: (orgId: string, plan: Body<'operatorSetOrganizationPlan'>['plan'], opts?: CallOptions) =>
        call(opts, (init) =>
          client.PUT('/v1/operator/organizations/{id}/plan', { ...id(orgId), body: { plan }, ...init }).then(data),
        ),
      suspend: (orgId: string, body: Body<'operatorSuspendOrganization'>, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/organizations/{id}/suspend', { ...id(orgId), body, ...init }).then(data),
        ),
      unsuspend: (orgId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/organizations/{id}/unsuspend', { ...id(orgId), ...init }).then(data),
        ),
      /** `confirm` is the organization's slug, typed again. */
      erase: (orgId: string, confirm: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/organizations/{id}/erase', { ...id(orgId), body: { confirm }, ...init }).then(data),
        ),
      invitations: (orgId: string, opts?: CallOptions) =>
        pages((cursor) =>
          call(opts, (init) =>
            client
              .GET('/v1/operator/organizations/{id}/invitations', {
                params: { path: { id: orgId }, query: at(cursor) },
                ...init,
              })
              .then(unwrap),
          ),
        ),
    },
    invitations: {
      resend: (invitationId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/invitations/{id}/resend', { ...id(invitationId), ...init }).then(data),
        ),
      revoke: (invitationId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/invitations/{id}/revoke', { ...id(invitationId), ...init }).then(data),
        ),
    },
    users: {
      list: (query: Omit<Query<'operatorListUsers'>, 'cursor'> = {}, opts?: CallOptions) =>
        pages((cursor) =>
          call(opts, (init) =>
            client.GET('/v1/operator/users', { params: { query: { ...query, ...at(cursor) } }, ...init }).then(unwrap),
          ),
        ),
      disable: (userId: string, reason: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/users/{id}/disable', { ...id(userId), body: { reason }, ...init }).then(data),
        ),
      enable: (userId: string, opts?: CallOptions) =>
        call(opts, (init) => client.POST('/v1/operator/users/{id}/enable', { ...id(userId), ...init }).then(data)),
      /** `confirm` is the user's e-mail address, typed again. */
      erase: (userId: string, body: Body<'operatorEraseUser'>, opts?: CallOptions) =>
        call(opts, (init) => client.POST('/v1/operator/users/{id}/erase', { ...id(userId), body, ...init }).then(data)),
    },
    gs1Prefixes: {
      list: (query: Omit<Query<'operatorListGs1PrefixClaims'>, 'cursor'> = {}, opts?: CallOptions) =>
        pages((cursor) =>
          call(opts, (init) =>
            client
              .GET('/v1/operator/gs1-prefixes', { params: { query: { ...query, ...at(cursor) } }, ...init })
              .then(unwrap),
          ),
        ),
      approve: (claimId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/gs1-prefixes/{id}/approve', { ...id(claimId), ...init }).then(data),
        ),
      reject: (claimId: string, reason: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client
            .POST('/v1/operator/gs1-prefixes/{id}/reject', { ...id(claimId), body: { reason }, ...init })
            .then(data),
        ),
    },
    announcements: {
      list: (query: Omit<Query<'operatorListAnnouncements'>, 'cursor'> = {}, opts?: CallOptions) =>
        pages((cursor) =>
          call(opts, (init) =>
            client
              .GET('/v1/operator/announcements', { params: { query: { ...query, ...at(cursor) } }, ...init })
              .then(unwrap),
          ),
        ),
      /** A draft until published. */
      create: (body: Body<'operatorCreateAnnouncement'>, opts?: CallOptions) =>
        call(opts, (init) => client.POST('/v1/operator/announcements', { body, ...init }).then(data)),
      update: (announcementId: string, body: Body<'operatorUpdateAnnouncement'>, opts?: CallOptions) =>
        call(opts, (init) =>
          client.PATCH('/v1/operator/announcements/{id}', { ...id(announcementId), body, ...init }).then(data),
        ),
      publish: (announcementId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/announcements/{id}/publish', { ...id(announcementId), ...init }).then(data),
        ),
      withdraw: (announcementId: string, opts?: CallOptions) =>
        call(opts, (init) =>
          client.POST('/v1/operator/announcements/{id}/withdraw', { ...id(announcementId), ...init }).then(data),
        ),
    },
    limits: {
      get: (opts?: CallOptions) => call(opts, (init) => client.GET('/v1/operator/limits', init).then(data)),
      set: (body: Body<'operatorSetLimits'>, opts?: CallOptions) =>
        call(opts, (init) => client.PUT('/v1/operator/limits', { body, ...init }).then(data)),
    },
    operators: {
      list: (opts?: CallOptions) => call(opts, (init) => client.GET('/v1/operator/operators', init).then(data)),
      /** `qrs operator add`: the user who signs in with `email`. */
      add: (email: string, opts?: CallOptions) =>
        call(opts, (init) => client.POST('/v1/operator/operators', { body: { email }, ...init }).then(data)),
      remove: (userId: string, opts?: CallOptions) =>
        call(opts, (init) => client.DELETE('/v1/operator/operators/{id}', { ...id(userId), ...init }).then(data)),
    },
  };
}
