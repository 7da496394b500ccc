import { dictionary } from '@zxcvbn-ts/language-common';
import { invalidField } from '../../http/errors.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/password-policy.js';

// Length limits in src/lib/password-policy.ts (shared with the dashboard); here also: not a
// password that attackers try first.
export { PASSWORD_MAX, PASSWORD_MIN };

// zxcvbn-ts's list of ~49,000 passwords most found in breaches (built from public leak corpora).
// Loaded on first use: the Set costs a few MB that a redirect-only instance need not pay.
let common: Set<string> | null = null;
function isCommon(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** Why a new password is refused (a problem `code` and words for the user), or null. */
export function passwordProblem(password: string, email?: string): { code: string; detail: string } | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return { code: 'minLength', detail: `must be at least ${PASSWORD_MIN} characters` };
  if (length > PASSWORD_MAX) return { code: 'maxLength', detail: `must be at most ${PASSWORD_MAX} characters` };
  if (isCommon(password))
    return {
      code: 'common_password',
      detail: 'is one of the most common passwords, which attackers try first; choose another',
    };
  if (new Set(password).size < 4)
    return { code: 'repetitive', detail: 'repeats too few characters; choose a longer phrase' };
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) {
    return { code: 'contains_email', detail: 'must not contain your e-mail address' };
  }
  return null;
}

/** Throws a 422 naming `pointer` when the password may not be set. */
export function assertPasswordAllowed(password: string, pointer: string, email?: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw invalidField(pointer, problem.detail, problem.code);
}
