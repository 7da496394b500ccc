import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../platform/config.js';
import type { DB } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import {
  AnnouncementInputError,
  listForOperator,
  publishAnnouncement,
  splitNotice,
  withdrawAnnouncement,
} from '../features/announcements/index.js';

export const ANNOUNCE_USAGE = `  npm run cli -- announce publish (--title T --body B | --file notice.md) [--title-de T --body-de B | --file-de notice.de.md]
        [--severity info|warning|breaking] [--link URL] [--starts TIME] [--ends TIME | --sunset DATE] [--org org_…|SLUG] [--email | --no-email]
  npm run cli -- announce list [--all]
  npm run cli -- announce withdraw --id ann_…`;

const PUBLISH_OPTIONS = {
  title: { type: 'string' },
  body: { type: 'string' },
  file: { type: 'string' },
  'title-de': { type: 'string' },
  'body-de': { type: 'string' },
  'file-de': { type: 'string' },
  severity: { type: 'string' },
  link: { type: 'string' },
  starts: { type: 'string' },
  ends: { type: 'string' },
  sunset: { type: 'string' },
  org: { type: 'string' },
  email: { type: 'boolean' },
  'no-email': { type: 'boolean' },
} as const;

function readNotice(path: string | undefined): { title?: string; body?: string } {
  if (path === undefined) return {};
  try {
    return splitNotice(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new AnnouncementInputError([`cannot read ${path}: ${(err as Error).message}`]);
  }
}

/**
 * `qrs announce …` (docs/operations.md). `announce --file notice.md --sunset DATE` without a
 * sub-command publishes too: a sunset makes it a breaking-change notice, e-mailed to the API users
 * as docs/versioning.md promises, unless --no-email.
 */
export async function announceCommand(db: DB, config: Config, args: string[]) {
  const deps = { db, config, clock: systemClock };
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const { values } = parseArgs({ args: rest, options: { all: { type: 'boolean' } } });
    return listForOperator(deps, values.all ?? false);
  }
  if (sub === 'withdraw') {
    const { values } = parseArgs({ args: rest, options: { id: { type: 'string' } } });
    if (!values.id) throw new AnnouncementInputError(['announce withdraw needs --id ann_…']);
    return withdrawAnnouncement(deps, values.id);
  }
  const publishArgs = sub === 'publish' ? rest : args;
  if (sub !== 'publish' && sub !== undefined && !sub.startsWith('--'))
    throw new AnnouncementInputError([`unknown announce command: ${sub}`]);
  const { values: v } = parseArgs({ args: publishArgs, options: PUBLISH_OPTIONS });
  if (v.ends !== undefined && v.sunset !== undefined)
    throw new AnnouncementInputError(['give --ends or --sunset, not both']);
  const en = readNotice(v.file);
  const de = readNotice(v['file-de']);
  const severity = v.severity ?? (v.sunset !== undefined ? 'breaking' : 'info');
  return publishAnnouncement(deps, {
    title: v.title ?? en.title,
    body: v.body ?? en.body,
    titleDe: v['title-de'] ?? de.title,
    bodyDe: v['body-de'] ?? de.body,
    severity,
    link: v.link,
    startsAt: v.starts,
    endsAt: v.ends ?? v.sunset,
    organization: v.org,
    email: v['no-email'] ? false : (v.email ?? severity === 'breaking'),
  });
}
