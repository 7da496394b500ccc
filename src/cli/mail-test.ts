import type { Config } from '../platform/config.js';
import { sendTestMail as send, type Locale } from '../platform/mail/index.js';

/** `qrs mail test --to …`: the mail module's test message, its log lines on stderr. */
export function sendTestMail(config: Config, to: string, locale: Locale) {
  const log = { info: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) };
  return send(config, to, locale, log);
}
