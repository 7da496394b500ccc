import { useState } from 'react';
import { useCodeComments } from '../../api/hooks/codes/use-code-comments';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { actorName } from '../team/audit-words';

/** Comments on a code, newest first (the API's order); the author or an admin may delete one. */
export function CodeComments({ codeId }: { codeId: string }) {
  const { t, fmt, fmtDate } = useI18n();
  const { me } = useSession();
  const writes = useCodeWrites();
  const canWrite = useCan('comments.write');
  const canModerate = useCan('comments.moderate');
  const list = useCodeComments(codeId);
  const [text, setText] = useState('');
  const add = useSubmit(async () => {
    await writes.addComment(codeId, text);
    setText('');
  });
  const del = useSubmit((commentId: string) => writes.removeComment(codeId, commentId));
  const comments = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="comments-head" className="comments" data-testid="comments">
      <h2 id="comments-head">{t('comments.title')}</h2>
      {canWrite ? (
        <form
          className="narrow"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add.run();
          }}
        >
          <ProblemAlert problem={add.problem} fields={add.fields} />
          <Field label={t('comments.new')} pointer="/body" errors={add.fields} hint={t('notifications.mentionHint')}>
            {(p) => <textarea {...p} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <button className="btn btn-primary btn-small" disabled={add.busy}>
            {t('comments.add')}
          </button>
        </form>
      ) : null}
      <ProblemAlert problem={del.problem} />
      {list.data && !comments.length ? <p className="muted">{t('comments.none')}</p> : null}
      <ul className="plain comment-list">
        {comments.map((c) => (
          <li key={c.id} className="comment">
            <p className="muted small">
              {c.author_id === me?.user.id ? t('comments.you') : actorName(c.author, c.author_type, { t, fmt })} ·{' '}
              {fmtDate(c.created_at)}
            </p>
            <p className="comment-body">{c.body}</p>
            {c.author_id === me?.user.id || canModerate ? (
              <button type="button" className="btn btn-small" onClick={() => void del.run(c.id)}>
                {t('comments.delete')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button type="button" className="btn btn-small" onClick={() => void list.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
    </section>
  );
}
