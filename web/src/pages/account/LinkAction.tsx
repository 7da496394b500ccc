import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { useSubmit } from '../../ui/forms';
import { AuthFrame } from './AuthFrame';
import { LinkProblem } from './LinkProblem';

interface Texts {
  title: MessageKey;
  intro: MessageKey;
  button: MessageKey;
  done: MessageKey;
  again: MessageKey;
}

/**
 * A page an e-mailed link opens: one button spends the link's token. A click rather than a request
 * on load, so a mail scanner that opens the link does not use it up, and nothing runs twice.
 * Works signed in or not; a session is refreshed to show the new state (docs/decisions.md D28).
 */
export function LinkAction({ texts, spend }: { texts: Texts; spend: (token: string) => Promise<{ email: string }> }) {
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const submit = useSubmit(async () => {
    const r = await spend(token);
    if (me) await refresh();
    setDoneFor(r.email);
  });
  const onward = me ? (
    <Link to="/account">{t('account.link.toAccount')}</Link>
  ) : (
    <Link to="/login">{t('account.backToLogin')}</Link>
  );
  if (doneFor)
    return (
      <AuthFrame title={t(texts.title)} focusTitle>
        <p role="status" className="alert alert-ok">
          {t(texts.done, { email: doneFor })}
        </p>
        <p>{onward}</p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t(texts.title)}>
      <p>{t(texts.intro)}</p>
      <LinkProblem problem={submit.problem} fields={submit.fields} next={t(texts.again)} />
      <button
        type="button"
        className="btn btn-primary"
        disabled={submit.busy || !token}
        onClick={() => void submit.run()}
      >
        {t(texts.button)}
      </button>
      <p>{onward}</p>
    </AuthFrame>
  );
}
