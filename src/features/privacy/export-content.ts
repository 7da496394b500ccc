import type { DB } from '../../db/database.js';
import { parseJson } from '../../db/column-values.js';
import {
  CSV_COLUMNS,
  DENSE_MONTH,
  ROLLUP_COLUMNS,
  codeRollupRows,
  scanChunk,
  workspaceCodeIds,
  csvCell,
} from '../scans/index.js';
import { codesPageOf } from '../codes/index.js';
import { passportsPageOf } from '../dpp/index.js';
import { profileOf, sessionsPageOf, userContacts } from '../accounts/index.js';
import { KEY_EXPORT_COLUMNS, keysCreatedByPage } from '../api-keys/index.js';
import { AUDIT_EXPORT_COLUMNS, auditExportPage } from '../audit/index.js';
import {
  AUTHOR_COMMENT_COLUMNS,
  CODE_COMMENT_COLUMNS,
  commentsByAuthorPage,
  commentsOfCode,
} from '../comments/index.js';
import { membershipsIn, membershipsOf, organizationColumns } from '../organizations/index.js';
import { workspaceIdsOf, workspaceMembershipsOf, workspacesPageOf } from '../workspaces/index.js';
import { byId, csvEntry, fixed, jsonEntry, type Entry } from './export-sources.js';
import { CODE_COLUMNS, ORGANIZATION_COLUMNS, PASSPORT_COLUMNS, WORKSPACE_COLUMNS } from './export-columns.js';

const ALL_SCANS = { from: null, to: null, includeBots: true };

const README_USER = `qrs data export: your own data (GDPR Art. 15 and 20)

profile.json       your account: id, e-mail address, name, when it was created
memberships.json   the organizations and workspaces you belong to, with your roles
sessions.csv       your dashboard sessions: when each began and when it expires (no tokens)
api_keys.csv       API keys you created: name, first characters, dates (never the secret)
comments.csv       comments you wrote on codes
audit_log.csv      audit log entries of changes you made ("changes" is JSON)

CSV files are RFC 4180 (UTF-8, CRLF, header row); a cell that a spreadsheet would run as a
formula starts with an apostrophe. Times are UTC (ISO 8601). How qrs handles personal data:
docs/privacy.md of the qrs documentation.
`;

const README_ORG = `qrs data export: the whole organization

organization.json  the organization: name, slug, plan, settings
workspaces.json    its workspaces
members.csv        its members: user id, e-mail address, name, organization role
codes.json         every QR code, deleted ones included, with its full configuration (a
                   visitor password shows only as password_protected: 1, never its hash)
passports.json     battery passports (current versions)
comments.csv       comments on its codes
audit_log.csv      the audit log of every workspace ("changes" is JSON)
scan_rollups.csv   scan counts per code: totals per UTC day (grain d), and totals and
                   breakdowns (country, device, …) per month (grain m); a month with
                   fewer than ${DENSE_MONTH} scans has none: count its scans in scans.csv,
                   or, where retention deleted them, read its breakdowns per day
scans.csv          raw scans still kept (see the workspaces' scan retention): no IP address is
                   stored; ip_hash is a daily-salted hash that cannot be linked across days

CSV files are RFC 4180 (UTF-8, CRLF, header row); a cell that a spreadsheet would run as a
formula starts with an apostrophe. Times are UTC (ISO 8601).
`;

/** The requester's own data (Art. 15/20). */
export function userEntries(db: DB, userId: string): Entry[] {
  return [
    fixed('README.txt', README_USER),
    {
      name: 'profile.json',
      pieces: async function* () {
        const u = await profileOf(db, userId);
        yield `${JSON.stringify(u ?? null, null, 2)}\n`;
      },
    },
    {
      name: 'memberships.json',
      pieces: async function* () {
        const orgs = await membershipsOf(db, userId);
        const workspaces = await workspaceMembershipsOf(db, userId);
        yield `${JSON.stringify({ organizations: orgs, workspaces }, null, 2)}\n`;
      },
    },
    csvEntry(
      'sessions.csv',
      ['id', 'created_at', 'expires_at'],
      (a, limit) => sessionsPageOf(db, userId, a, limit),
      byId,
    ),
    csvEntry('api_keys.csv', KEY_EXPORT_COLUMNS, (a, limit) => keysCreatedByPage(db, userId, a, limit), byId),
    csvEntry('comments.csv', AUTHOR_COMMENT_COLUMNS, (a, limit) => commentsByAuthorPage(db, userId, a, limit), byId),
    csvEntry('audit_log.csv', AUDIT_EXPORT_COLUMNS, auditExportPage(db, { actorId: userId }), byId),
  ];
}

/** Every code id of the organization (all workspaces, deleted codes too), in batches. */
async function* codeIdsOf(db: DB, organizationId: string): AsyncGenerator<string> {
  for (const workspaceId of await workspaceIdsOf(db, organizationId)) {
    let last: string | null = null;
    for (;;) {
      const ids = await workspaceCodeIds(db, workspaceId, last, 1_000);
      yield* ids;
      if (ids.length < 1_000) break;
      last = ids[ids.length - 1];
    }
  }
}

/** Raw scans, code by code, each code's oldest first; 1,000 rows per statement. */
function scansEntry(db: DB, organizationId: string): Entry {
  return {
    name: 'scans.csv',
    pieces: async function* () {
      yield `${CSV_COLUMNS.join(',')}\r\n`;
      for await (const codeId of codeIdsOf(db, organizationId)) {
        let last: string | null = null;
        for (;;) {
          const rows = await scanChunk(db, codeId, ALL_SCANS, last, 1_000);
          let text = '';
          for (const r of rows)
            text += `${CSV_COLUMNS.map((c) => csvCell(c === 'is_bot' ? Number(r.is_bot) === 1 : r[c])).join(',')}\r\n`;
          if (text) yield text;
          if (rows.length < 1_000) break;
          last = rows[rows.length - 1].id;
        }
      }
    },
  };
}

/** Per code: day and month totals and the breakdowns (codeRollupRows); finer cells are derivable from scans.csv. */
function rollupsEntry(db: DB, organizationId: string): Entry {
  return {
    name: 'scan_rollups.csv',
    pieces: async function* () {
      yield `${ROLLUP_COLUMNS.join(',')}\r\n`;
      for await (const codeId of codeIdsOf(db, organizationId)) {
        const rows = await codeRollupRows(db, codeId);
        let text = '';
        for (const r of rows) text += `${ROLLUP_COLUMNS.map((c) => csvCell(r[c])).join(',')}\r\n`;
        if (text) yield text;
      }
    },
  };
}

function commentsEntry(db: DB, organizationId: string): Entry {
  const columns = CODE_COMMENT_COLUMNS;
  return {
    name: 'comments.csv',
    pieces: async function* () {
      yield `${columns.join(',')}\r\n`;
      for await (const codeId of codeIdsOf(db, organizationId)) {
        const rows = await commentsOfCode(db, codeId);
        let text = '';
        for (const r of rows) text += `${columns.map((c) => csvCell(r[c])).join(',')}\r\n`;
        if (text) yield text;
      }
    },
  };
}

/** The whole organization (an org_admin's request): only the columns named in export-columns.ts. */
export function organizationEntries(db: DB, organizationId: string): Entry[] {
  const parsed = (fields: string[]) => (row: Record<string, unknown>) => {
    const out = { ...row };
    for (const f of fields) if (typeof out[f] === 'string') out[f] = parseJson(out[f] as string, out[f]);
    return out;
  };
  return [
    fixed('README.txt', README_ORG),
    {
      name: 'organization.json',
      pieces: async function* () {
        const org = await organizationColumns(db, organizationId, ORGANIZATION_COLUMNS);
        yield `${JSON.stringify(org ? parsed(['settings'])(org) : null, null, 2)}\n`;
      },
    },
    jsonEntry(
      'workspaces.json',
      (a, limit) => workspacesPageOf(db, organizationId, WORKSPACE_COLUMNS, a, limit),
      byId,
      parsed(['settings']),
    ),
    csvEntry(
      'members.csv',
      ['user_id', 'email', 'name', 'role', 'created_at'],
      (a, limit) => {
        let q = db
          .selectFrom(membershipsIn(db, organizationId).as('m'))
          .innerJoin(userContacts(db).as('u'), 'u.id', 'm.user_id')
          .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at']);
        if (a) q = q.where('m.user_id', '>', a);
        return q.orderBy('m.user_id').limit(limit).execute();
      },
      (r) => r.user_id,
    ),
    jsonEntry(
      'codes.json',
      (a, limit) => codesPageOf(db, organizationId, CODE_COLUMNS, a, limit),
      byId,
      parsed(['content', 'tags', 'destinations', 'style', 'rules', 'utm']),
    ),
    jsonEntry(
      'passports.json',
      (a, limit) => passportsPageOf(db, organizationId, PASSPORT_COLUMNS, a, limit),
      byId,
      parsed(['data']),
    ),
    commentsEntry(db, organizationId),
    csvEntry('audit_log.csv', AUDIT_EXPORT_COLUMNS, auditExportPage(db, { organizationId }), byId),
    rollupsEntry(db, organizationId),
    scansEntry(db, organizationId),
  ];
}
