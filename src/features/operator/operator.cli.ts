import type { ServiceDeps } from '../../platform/deps.js';
import { normalizeEmail } from '../accounts/index.js';
import { nameOperator, unnameOperator, userSigningInWith } from './operators.service.js';

/** A refused `qrs operator` command; the CLI prints the message and exits 1. */
export class OperatorCommandError extends Error {}

async function userByEmail(deps: ServiceDeps, email: string) {
  const user = await userSigningInWith(deps.db, email);
  if (!user) throw new OperatorCommandError(`no user signs in with ${normalizeEmail(email)} (they sign up first)`);
  return user;
}

/** `qrs operator add <email>`: recorded in the instance audit log, like every change to who operates. */
export async function addOperator(deps: ServiceDeps, email: string) {
  const { operator, changed } = await nameOperator(deps, null, await userByEmail(deps, email));
  // The console refuses an operator without it; saying so now saves a surprise later.
  return { user_id: operator.user_id, email: operator.email, changed, two_factor: operator.two_factor };
}

/** `qrs operator remove <email>`: an address in OPERATOR_EMAILS stays an operator until it leaves the setting. */
export async function removeOperator(deps: ServiceDeps, email: string) {
  const { operator, changed } = await unnameOperator(deps, null, await userByEmail(deps, email));
  return { user_id: operator.user_id, email: operator.email, changed, still_operator_by_setting: operator.by_setting };
}
