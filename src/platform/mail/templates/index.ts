// Every e-mail the service sends, one file each; test/platform/mail/templates.test.ts renders them all.
import type { Locale, Rendered } from './layout.js';
import { announcement } from './announcement.js';
import { apiKeyCreated } from './api-key-created.js';
import { emailChange } from './email-change.js';
import { emailChanged } from './email-changed.js';
import { gs1PrefixDecided } from './gs1-prefix-decided.js';
import { invitation } from './invitation.js';
import { mailTest } from './mail-test.js';
import { passwordChanged } from './password-changed.js';
import { passwordReset } from './password-reset.js';
import { secondFactorFailures } from './second-factor-failures.js';
import { twoFactorChanged } from './two-factor-changed.js';
import { usageThreshold } from './usage-threshold.js';
import { verifyEmail } from './verify-email.js';

export { LOCALES, localeOf, type Locale, type Rendered } from './layout.js';

export const TEMPLATES = {
  announcement,
  apiKeyCreated,
  emailChange,
  emailChanged,
  gs1PrefixDecided,
  invitation,
  mailTest,
  passwordChanged,
  passwordReset,
  secondFactorFailures,
  twoFactorChanged,
  usageThreshold,
  verifyEmail,
};

export interface Template<P> {
  name: string;
  /** security mail (tokens, notices) is never unsubscribable; other mail has List-Unsubscribe */
  security: boolean;
  render(params: P, locale: Locale): Rendered;
}
