// The server's own minimum, not a copy of it: the hint said 8 while sign-up refused anything under 12.
import { PASSWORD_MIN } from '../../../src/lib/password-policy';
import type { T } from '../i18n/i18n';

export const passwordHint = (t: T) => t('auth.passwordHint', { min: PASSWORD_MIN });
