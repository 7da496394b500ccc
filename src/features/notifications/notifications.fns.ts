import { hmacSha256Hex, safeEqual } from '../../lib/tokens.js';

/** Every kind of notice, in the order the preferences list them (docs/decisions.md D64). */
export const KINDS = [
  'approval_requested',
  'code_approved',
  'code_rejected',
  'code_commented',
  'mentioned',
  'invitation_accepted',
  'export_ready',
  'usage_threshold',
  'gs1_prefix_verified',
  'gs1_prefix_rejected',
] as const;

export type Kind = (typeof KINDS)[number];

export const isKind = (value: string): value is Kind => (KINDS as readonly string[]).includes(value);

/** What a notice is about; which members are set depends on the kind. */
export interface NotificationData {
  /** usr_… of whoever caused it (the reviewer, the commenter, the new member); absent for the system */
  actor_id?: string;
  code_id?: string;
  code_title?: string | null;
  /** the rejection's reason (a code's, or a GS1 prefix claim's) */
  reason?: string;
  /** the comment's first characters */
  excerpt?: string;
  comment_id?: string;
  export_id?: string;
  organization_name?: string;
  meter?: 'scans' | 'dynamic_codes';
  threshold?: number;
  used?: number;
  limit?: number;
  period?: string;
  /** the GS1 company prefix an operator verified or rejected, and its claim's gcp_… */
  prefix?: string;
  prefix_id?: string;
}

/** The dashboard path a notice leads to; mails link to it under BASE_URL. */
export function linkOf(kind: Kind, data: NotificationData): string {
  switch (kind) {
    case 'invitation_accepted':
      return '/settings/members';
    case 'export_ready':
      return '/privacy';
    case 'usage_threshold':
      return '/settings/organization';
    case 'gs1_prefix_verified':
    case 'gs1_prefix_rejected':
      return '/settings/gs1-prefixes';
    default:
      return `/codes/${data.code_id ?? ''}`;
  }
}

const EXCERPT = 200;

/** A comment's first characters on one line, cut at a word where it can be. */
export function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT) return flat;
  const cut = flat.slice(0, EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${space > EXCERPT / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The people a comment mentions: `@` followed by a member's e-mail address or name, ignoring case,
 * and not running on into more letters or digits (`@ann` does not mention Anna).
 */
export function mentionedIn<M extends { email: string; name: string | null }>(body: string, members: M[]): M[] {
  const text = body.toLowerCase();
  const says = (handle: string) => {
    const needle = `@${handle.toLowerCase()}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      const next = text.slice(at + needle.length, at + needle.length + 1);
      if (!/[\p{L}\p{N}_@-]/u.test(next)) return true;
    }
    return false;
  };
  return members.filter((m) => says(m.email) || (!!m.name?.trim() && says(m.name.trim())));
}

// The one-click unsubscribe token (RFC 8058): who and which kind, signed with a key derived from
// SECRETS_KEY. It holds no secret of the account and does one thing, so it does not expire.
const keyOf = (secretsKey: Buffer) => `notifications.unsubscribe:${secretsKey.toString('base64')}`;
const signatureOf = (secretsKey: Buffer, userId: string, kind: Kind) =>
  hmacSha256Hex(keyOf(secretsKey), `${userId}.${kind}`).slice(0, 40);

export function unsubscribeToken(secretsKey: Buffer, userId: string, kind: Kind): string {
  return `${userId}.${kind}.${signatureOf(secretsKey, userId, kind)}`;
}

/** The person and kind a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(secretsKey: Buffer, token: string): { userId: string; kind: Kind } | null {
  const [userId, kind, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !kind || !signature || !isKind(kind)) return null;
  const expected = Buffer.from(signatureOf(secretsKey, userId, kind));
  return safeEqual(Buffer.from(signature), expected) ? { userId, kind } : null;
}
