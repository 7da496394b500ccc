// An audit entry in words (docs/decisions.md D65): who did what to which thing, as a sentence in
// the chosen language, and a line per changed field. The raw `changes` stay available behind a
// disclosure; this only reads them. Pure, so test/web/audit-words.test.ts checks both languages.
import { en, type MessageKey } from '../../i18n/en.js';
import type { Formatters } from '../../i18n/format.js';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
export interface WordTools {
  t: Translate;
  fmt: Formatters;
}

export interface ActorLike {
  id: string;
  type: 'user' | 'api';
  name: string | null;
  email: string | null;
}

export interface EntryLike {
  action: string;
  resource_type: string;
  resource_id: string;
  actor_type: string;
  actor_id: string | null;
  actor?: ActorLike | null;
  subject?: ActorLike | null;
  changes: Record<string, unknown>;
}

const known = (key: string) => key in en;
const k = (s: string) => s as MessageKey;

/** A user by name, else by address; a key by its name; the system; or a deleted user. */
export function actorName(actor: ActorLike | null | undefined, actorType: string, tools: WordTools): string {
  const { t } = tools;
  if (actorType === 'system') return t('words.actor.system');
  if (!actor) return t('words.actor.unknown');
  if (actor.type === 'api') return t('words.actor.key', { name: actor.name ?? actor.id });
  return actor.name || actor.email || t('words.actor.erased');
}

interface Change {
  old: unknown;
  new: unknown;
}
const asChange = (v: unknown): Change =>
  v && typeof v === 'object' && ('old' in v || 'new' in v) ? (v as Change) : { old: null, new: v };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value as a reader needs it: quoted text, a date, yes/no, a list; objects by their field name only. */
export function valueText(v: unknown, tools: WordTools): string | null {
  const { t, fmt } = tools;
  if (v === null || v === undefined || v === '') return t('words.change.empty');
  if (typeof v === 'boolean') return t(v ? 'words.change.yes' : 'words.change.no');
  if (typeof v === 'number') return fmt.number(v);
  if (typeof v === 'string') {
    if (ISO.test(v)) return fmt.dateTime(v);
    return t('words.quoted', { text: v.length > 80 ? `${v.slice(0, 79)}…` : v });
  }
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    return v.length ? v.join(', ') : t('words.change.empty');
  return null;
}

/** The field's label, bare or as the object of a sentence; a field with no words keeps its name. */
export function fieldLabel(field: string, tools: WordTools, the = false): string {
  const key = `words.field.${field}${the ? '.the' : ''}`;
  return known(key) ? tools.t(k(key)) : field;
}

/** What the entry is about, by the name its changes carry (a code's title, a key's name). */
function thingOf(e: EntryLike, tools: WordTools): string {
  const { t } = tools;
  const pick = (f: string) => {
    const c = e.changes[f];
    if (c === undefined) return undefined;
    const { old, new: now } = asChange(c);
    return (typeof now === 'string' && now) || (typeof old === 'string' && old) || undefined;
  };
  const type = e.resource_type;
  // A webhook is known by its URL; a code's URL is what changes, not what it is called.
  const name =
    pick('title') ??
    pick('name') ??
    (type === 'webhooks' ? pick('url') : undefined) ??
    pick('short_code') ??
    pick('slug');
  const withName = `words.thing.${type}`;
  if (!known(withName)) return t('words.thing.other', { name: name ?? e.resource_id });
  return name ? t(k(withName), { name: t('words.quoted', { text: name }) }) : t(k(`${withName}.bare`));
}

export interface EntryWords {
  sentence: string;
  /** One line per changed field ("Destination: “a” → “b”"), a few at most; the rest is counted. */
  lines: string[];
}

const MAX_LINES = 3;
// Fields every change carries along; a line for them says nothing.
const QUIET = new Set(['id', 'updated_at', 'created_at', 'workspace_id', 'organization_id', 'short_url']);

/**
 * The entry as a sentence. `here`: shown on the page of the thing itself (a code's history), so a
 * single changed field is the sentence ("Anna changed the destination from … to …").
 */
export function entryWords(e: EntryLike, tools: WordTools, here = false): EntryWords {
  const { t } = tools;
  const actor = actorName(e.actor, e.actor_type, tools);
  const verb = e.action.slice(e.action.indexOf('.') + 1);
  const thing = thingOf(e, tools);
  const fields = Object.entries(e.changes).filter(([f]) => !QUIET.has(f));
  const lines = (list: [string, unknown][]) => {
    const out: string[] = [];
    for (const [f, v] of list.slice(0, MAX_LINES)) {
      const c = asChange(v);
      const [o, n] = [valueText(c.old, tools), valueText(c.new, tools)];
      out.push(
        o !== null && n !== null
          ? t('words.change.line', { label: fieldLabel(f, tools), old: o, new: n })
          : fieldLabel(f, tools),
      );
    }
    if (list.length > MAX_LINES) out.push(t('words.change.more', { n: list.length - MAX_LINES }));
    return out;
  };
  if (e.resource_type === 'comments') {
    const body = asChange(e.changes.body);
    const text = typeof body.new === 'string' ? body.new : typeof body.old === 'string' ? body.old : '';
    if (verb === 'created')
      return {
        sentence: t('words.audit.comment', { actor, text: text.length > 120 ? `${text.slice(0, 119)}…` : text }),
        lines: [],
      };
    return { sentence: t('words.audit.commentDeleted', { actor }), lines: [] };
  }
  if (verb === 'updated') {
    if (here && fields.length === 1) {
      const [f, v] = fields[0];
      const c = asChange(v);
      const [o, n] = [valueText(c.old, tools), valueText(c.new, tools)];
      const field = fieldLabel(f, tools, true);
      if (o !== null && n !== null) {
        if (c.old === null || c.old === '')
          return { sentence: t('words.change.set', { actor, field, new: n }), lines: [] };
        if (c.new === null || c.new === '') return { sentence: t('words.change.cleared', { actor, field }), lines: [] };
        return { sentence: t('words.change.one', { actor, field, old: o, new: n }), lines: [] };
      }
    }
    if (here && fields.length > 1) {
      const labels = fields.slice(0, MAX_LINES).map(([f]) => fieldLabel(f, tools, true));
      return { sentence: t('words.change.some', { actor, fields: tools.fmt.list(labels) }), lines: lines(fields) };
    }
    return { sentence: t('words.audit.updated', { actor, thing }), lines: lines(fields) };
  }
  if (verb === 'rejected') {
    const reason = asChange(e.changes.rejection_reason).new;
    return {
      sentence: t('words.audit.rejected', { actor, thing, reason: typeof reason === 'string' ? reason : '' }),
      lines: [],
    };
  }
  if (verb.startsWith('member_') && known(`words.audit.${verb}`)) {
    const field = Object.keys(e.changes).find((f) => f.startsWith('member:'));
    const role = field ? asChange(e.changes[field]).new : null;
    const roleName = typeof role === 'string' && known(`role.${role}`) ? t(k(`role.${role}`)) : String(role ?? '');
    const member = e.subject ? actorName(e.subject, 'user', tools) : t('words.actor.unknown');
    return { sentence: t(k(`words.audit.${verb}`), { actor, member, role: roleName }), lines: [] };
  }
  if (verb === 'domain_verified') {
    const domain = asChange(e.changes.custom_domain).new ?? asChange(e.changes.custom_domain).old;
    return { sentence: t('words.audit.domain_verified', { actor, name: String(domain ?? '') }), lines: [] };
  }
  const key = `words.audit.${verb}`;
  if (known(key)) return { sentence: t(k(key), { actor, thing }), lines: verb === 'created' ? [] : lines(fields) };
  return { sentence: t('words.audit.other', { actor, action: e.action, thing }), lines: lines(fields) };
}
