import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { conflict, invalidField } from '../../http/errors.js';
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/index.js';
import type { Operator } from './operator.gate.js';
import { deleteOperator, insertOperator, namedOperators } from './operator.repo.js';
import { recordOperatorAction } from './operator.service.js';

// Who operates this server (docs/decisions.md D73): the users named in the `operators` table, by
// the CLI or from the console, and the addresses of OPERATOR_EMAILS, which only the setting changes.

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** One operator as the console lists them. */
export interface OperatorEntry {
  user_id: string | null;
  email: string;
  name: string | null;
  named: boolean;
  by_setting: boolean;
  two_factor: boolean;
  added_at: string | null;
}

function entry(deps: ServiceDeps, user: UserRow, addedAt: string | null): OperatorEntry {
  return {
    user_id: user.id,
    email: user.email,
    name: user.name ?? null,
    named: addedAt !== null,
    by_setting: deps.config.operatorEmails.includes(normalizeEmail(user.email)),
    two_factor: user.totp_enabled_at !== null,
    added_at: addedAt,
  };
}

/**
 * GET /v1/operator/operators: the named ones, then the setting's addresses nobody signed up with
 * yet (`user_id` null). A handful of rows: one look-up each is cheaper than a join across features.
 */
export async function listOperators(deps: ServiceDeps): Promise<OperatorEntry[]> {
  const named = await namedOperators(deps.db);
  const out: OperatorEntry[] = [];
  const seen = new Set<string>();
  for (const row of named) {
    const user = await findUserById(deps.db, row.user_id);
    if (!user || user.erased_at !== null) continue;
    out.push(entry(deps, user, row.added_at));
    seen.add(normalizeEmail(user.email));
  }
  for (const email of deps.config.operatorEmails) {
    if (seen.has(email)) continue;
    const user = await findUserByEmail(deps.db, email);
    out.push(
      user && user.erased_at === null
        ? entry(deps, user, null)
        : { user_id: null, email, name: null, named: false, by_setting: true, two_factor: false, added_at: null },
    );
  }
  return out;
}

/** The user who signs in with the address, if any (erased users sign in with none). */
export async function userSigningInWith(db: DB, email: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  return user && user.erased_at === null ? user : null;
}

/** POST /v1/operator/operators: a 422 at /email for an address nobody signs in with. */
export async function nameOperatorByEmail(deps: ServiceDeps, who: Operator, email: string) {
  const user = await userSigningInWith(deps.db, email);
  if (!user)
    throw invalidField('/email', `no user signs in with ${normalizeEmail(email)} (they sign up first)`, 'no_user');
  return nameOperator(deps, who, user);
}

/** `qrs operator add` and POST /v1/operator/operators (`who` null is the CLI); naming one again changes nothing. */
export async function nameOperator(deps: ServiceDeps, who: Operator | null, user: UserRow) {
  const at = deps.clock.now();
  const changed = await deps.db.transaction().execute(async (trx) => {
    const fresh = await insertOperator(trx, user.id, at.toISOString());
    if (fresh)
      await recordOperatorAction(trx, who, at, { action: 'operator.added', targetType: 'user', targetId: user.id });
    return fresh;
  });
  const row = (await namedOperators(deps.db, user.id))[0];
  return { operator: entry(deps, user, row?.added_at ?? null), changed };
}

/**
 * `qrs operator remove` and DELETE /v1/operator/operators/{id}. From the console an operator does
 * not remove themselves (the CLI, run by whoever holds the server, can), and the setting's
 * addresses stay operators until they leave it: both are a 409 that says so.
 */
export async function unnameOperator(deps: ServiceDeps, who: Operator | null, user: UserRow) {
  if (who && who.userId === user.id)
    throw conflict('Operators do not remove themselves from the console; another operator or the CLI can.');
  const named = (await namedOperators(deps.db, user.id)).length > 0;
  const bySetting = deps.config.operatorEmails.includes(normalizeEmail(user.email));
  if (who && !named && bySetting)
    throw conflict(`${user.email} is an operator by OPERATOR_EMAILS: only removing it from the setting ends that.`);
  const at = deps.clock.now();
  const changed = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteOperator(trx, user.id);
    if (gone)
      await recordOperatorAction(trx, who, at, { action: 'operator.removed', targetType: 'user', targetId: user.id });
    return gone;
  });
  return { operator: entry(deps, user, null), changed };
}

/** The user an operator route names by id, if they are an operator at all; else a 404. */
export async function operatorUser(deps: ServiceDeps, id: string): Promise<UserRow | null> {
  const user = await findUserById(deps.db, id);
  if (!user || user.erased_at !== null) return null;
  const named = (await namedOperators(deps.db, user.id)).length > 0;
  return named || deps.config.operatorEmails.includes(normalizeEmail(user.email)) ? user : null;
}
