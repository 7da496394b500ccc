import type { AnnouncementSeverity } from './announcements.table.js';

export const SEVERITIES: readonly AnnouncementSeverity[] = ['info', 'warning', 'breaking'];
export const TITLE_MAX = 200;
export const BODY_MAX = 2000;
export const LINK_MAX = 2000;

/** What an operator gives `qrs announce publish`, before it is checked. */
export interface AnnouncementInput {
  title?: string;
  body?: string;
  titleDe?: string;
  bodyDe?: string;
  severity?: string;
  link?: string;
  startsAt?: string;
  endsAt?: string;
  /** org_… or its slug; absent: every organization */
  organization?: string;
}

export interface CheckedAnnouncement {
  severity: AnnouncementSeverity;
  title: string;
  body: string;
  title_de: string | null;
  body_de: string | null;
  link: string | null;
  starts_at: string;
  ends_at: string | null;
}

/** The operator's input was refused; `problems` names each option and what is wrong with it. */
export class AnnouncementInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

function instant(value: string | undefined, option: string, problems: string[]): Date | undefined {
  if (value === undefined) return undefined;
  // A bare date means its start in UTC, as a sunset date is usually given.
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime())) {
    problems.push(`${option} must be an ISO 8601 date or time (2027-03-01 or 2027-03-01T09:00:00Z)`);
    return undefined;
  }
  return d;
}

function text(value: string | undefined, option: string, max: number, problems: string[]): string | null {
  const v = value?.trim();
  if (v === undefined || v === '') return null;
  if (v.length > max) problems.push(`${option} is longer than ${max} characters`);
  return v;
}

/** Checks everything before anything is written, and reports every problem at once. */
export function checkAnnouncement(input: AnnouncementInput, now: Date): CheckedAnnouncement {
  const problems: string[] = [];
  const title = text(input.title, '--title', TITLE_MAX, problems);
  const body = text(input.body, '--body', BODY_MAX, problems);
  if (!title) problems.push('--title (or a "# heading" in --file) is required');
  if (!body) problems.push('--body (or text in --file) is required');
  const titleDe = text(input.titleDe, '--title-de', TITLE_MAX, problems);
  const bodyDe = text(input.bodyDe, '--body-de', BODY_MAX, problems);
  if (!titleDe !== !bodyDe) problems.push('the German text needs both --title-de and --body-de');
  const severity = (input.severity ?? 'info') as AnnouncementSeverity;
  if (!SEVERITIES.includes(severity)) problems.push(`--severity must be one of ${SEVERITIES.join(', ')}`);
  const link = text(input.link, '--link', LINK_MAX, problems);
  if (link) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(link).protocol);
    } catch {
      /* not a URL */
    }
    if (!ok) problems.push('--link must be an http or https URL');
  }
  const starts = instant(input.startsAt, '--starts', problems) ?? now;
  const ends = instant(input.endsAt, '--ends (or --sunset)', problems);
  if (ends && ends <= starts) problems.push('--ends (or --sunset) must be after the start');
  else if (ends && ends <= now) problems.push('--ends (or --sunset) is already past');
  if (problems.length) throw new AnnouncementInputError(problems);
  return {
    severity,
    title: title!,
    body: body!,
    title_de: titleDe,
    body_de: bodyDe,
    link,
    starts_at: starts.toISOString(),
    ends_at: ends ? ends.toISOString() : null,
  };
}

/**
 * A notice written as Markdown (`--file notice.md`): its first `# ` heading is the title, the rest
 * is the body. The banner shows the body as plain text, so the Markdown stays readable there.
 */
export function splitNotice(markdown: string): { title?: string; body: string } {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((l) => /^#\s+\S/.test(l));
  if (at < 0) return { body: markdown.trim() };
  const title = lines[at].replace(/^#\s+/, '').trim();
  const body = [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n').trim();
  return { title, body };
}

/** Where an announcement is in its life (docs/decisions.md D76); members see only `live` ones. */
export type AnnouncementStatus = 'draft' | 'scheduled' | 'live' | 'ended' | 'withdrawn';
export const STATUSES: readonly AnnouncementStatus[] = ['draft', 'scheduled', 'live', 'ended', 'withdrawn'];

export function statusOf(
  r: { published_at: string | null; withdrawn_at: string | null; starts_at: string; ends_at: string | null },
  now: Date,
): AnnouncementStatus {
  const at = now.toISOString();
  if (r.withdrawn_at !== null) return 'withdrawn';
  if (r.published_at === null) return 'draft';
  if (r.ends_at !== null && r.ends_at <= at) return 'ended';
  return r.starts_at > at ? 'scheduled' : 'live';
}
