import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ERASED = '[erased]';

/**
 * Takes a person out of the local outbox (MAIL_OUTBOX_DIR, used without SMTP_URL) after their
 * erasure (docs/privacy.md): the files of messages sent to them are deleted; in any other file
 * their address or name, as written in its text, becomes `[erased]`. A missing directory is
 * nothing to do. Files are read one at a time, so memory holds one message whatever the outbox's size.
 */
export async function forgetOutboxMail(
  outboxDir: string,
  person: { messageIds: string[]; needles: string[] },
): Promise<void> {
  const names = await readdir(outboxDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const theirs = new Set(person.messageIds.map((id) => `${id}.eml`));
  const needles = person.needles.filter((n) => n.length >= 3);
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = join(outboxDir, name);
    if (theirs.has(name)) {
      await rm(file, { force: true });
      continue;
    }
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null || !needles.some((n) => text.includes(n))) continue;
    await writeFile(
      file,
      needles.reduce((t, n) => t.replaceAll(n, ERASED), text),
      { mode: 0o600 },
    );
  }
}
