import { useState } from 'react';
import { LANGS, useI18n, type Lang } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { useChooseLanguage } from '../../ui/language';

/** The user's language: the dashboard's and that of every mail they get (users.locale). */
export function Language() {
  const { t } = useI18n();
  const { me } = useSession();
  const choose = useChooseLanguage();
  const [done, setDone] = useState(false);
  const submit = useSubmit(async (l: Lang) => {
    setDone(false);
    await choose(l);
    setDone(true);
  });
  const stored = me?.user.locale ?? 'en';
  return (
    <section className="account-section" aria-labelledby="language-head">
      <h2 id="language-head">{t('extras.language.title')}</h2>
      <ProblemAlert problem={submit.problem} />
      <div className="narrow">
        <Field label={t('extras.language.label')} hint={t('extras.language.hint')}>
          {(p) => (
            <select
              {...p}
              data-testid="account-language"
              value={stored}
              disabled={submit.busy}
              onChange={(e) => void submit.run(e.target.value as Lang)}
            >
              {(Object.keys(LANGS) as Lang[]).map((l) => (
                <option key={l} value={l}>
                  {LANGS[l].label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {done ? (
        <p role="status" className="alert alert-ok">
          {t('extras.language.saved', { language: LANGS[stored].label })}
        </p>
      ) : null}
    </section>
  );
}
