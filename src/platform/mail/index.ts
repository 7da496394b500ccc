// The mail module's public face: queue a message inside your transaction.
export { queueMail, MAIL_JOB } from './mail.service.js';
export { TEMPLATES, LOCALES, localeOf, type Locale, type Template } from './templates/index.js';
export { layout } from './templates/layout.js';
export { inertName } from './templates/inert.js';
export { createMailer } from './mailer.js';
export { sendTestMail } from './mail-test.js';
export { forgetOutboxMail } from './outbox.js';
export { deleteMailTo, mailIdsTo } from './recipient-data.js';
