import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOrganizationWrites } from '../../../api/hooks/organization';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { Field, ProblemAlert, useSubmit } from '../../../ui/forms';

/** Deleting the organization once its slug is typed again; its sessions end with it. */
export function DeleteOrganization({ id, slug }: { id: string; slug: string }) {
  const { t } = useI18n();
  const { signedOut } = useSession();
  const writes = useOrganizationWrites();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const head = useId();
  const del = useSubmit(async () => {
    await writes.remove(id);
    // The organization's sessions end with it: back to the login page.
    signedOut();
    void navigate('/login');
  });
  return (
    <div className="danger-zone">
      <h2>{t('org.delete')}</h2>
      <p>{t('org.deleteWhat')}</p>
      {asking ? (
        <div role="dialog" aria-modal="false" aria-labelledby={head} className="confirm">
          <p id={head}>{t('org.deleteConfirm', { slug })}</p>
          <Field label={t('org.slug')}>
            {(p) => <input {...p} value={typed} onChange={(e) => setTyped(e.target.value)} />}
          </Field>
          <ProblemAlert problem={del.problem} />
          <button
            type="button"
            className="btn btn-danger"
            disabled={typed !== slug || del.busy}
            onClick={() => void del.run()}
          >
            {t('org.delete')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
          {t('org.delete')}
        </button>
      )}
    </div>
  );
}
