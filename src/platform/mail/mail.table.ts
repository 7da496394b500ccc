/**
 * One e-mail message waiting for (or past) delivery by the `mail.send` job. The rendered message
 * is sealed with SECRETS_KEY because it may hold a single-use link, and erased once sent.
 */
export interface MailMessagesTable {
  id: string;
  to_address: string;
  /** the template's name, kept for the operator after the content is erased */
  template: string;
  sealed: string | null;
  created_at: string;
  sent_at: string | null;
  /** the Message-ID the transport assigned */
  message_id: string | null;
}
