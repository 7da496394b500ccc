import type { ServiceDeps } from '../../platform/deps.js';
import { findUserByEmail, normalizeEmail } from '../users/index.js';
import { deleteOperator, insertOperator } from './operator.repo.js';
import { recordOperatorAction } from './operator.service.js';

/** A refused `qrs operator` command; the CLI prints the message and exits 1. */
export class OperatorCommandError extends Error {}

async function userByEmail(deps: ServiceDeps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.erased_at !== null)
    throw new OperatorCommandError(`no user signs in with ${normalizeEmail(email)} (they sign up first)`);
  return user;
}

/** `qrs operator add <email>`: recorded in the instance audit log, like every change to who operates. */
export async function addOperator(deps: ServiceDeps, email: string) {
  const user = await userByEmail(deps, email);
  const at = deps.clock.now();
  const added = await deps.db.transaction().execute(async (trx) => {
    const fresh = await insertOperator(trx, user.id, at.toISOString());
    if (fresh)
      await recordOperatorAction(trx, null, at, { action: 'operator.added', targetType: 'user', targetId: user.id });
    return fresh;
  });
  return {
    user_id: user.id,
    email: user.email,
    changed: added,
    // The console refuses an operator without it; saying so now saves a surprise later.
    two_factor: user.totp_enabled_at !== null,
  };
}

/** `qrs operator remove <email>`: an address in OPERATOR_EMAILS stays an operator until it leaves the setting. */
export async function removeOperator(deps: ServiceDeps, email: string) {
  const user = await userByEmail(deps, email);
  const at = deps.clock.now();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteOperator(trx, user.id);
    if (gone)
      await recordOperatorAction(trx, null, at, { action: 'operator.removed', targetType: 'user', targetId: user.id });
    return gone;
  });
  return {
    user_id: user.id,
    email: user.email,
    changed: removed,
    still_operator_by_setting: deps.config.operatorEmails.includes(normalizeEmail(user.email)),
  };
}
