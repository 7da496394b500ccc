// The sign-in page's path through an organization's identity provider (docs/decisions.md D80): the
// organization's short name, then the browser goes to the server's start, which sends it on to the
// provider; a failed return comes back here with `sso_error`.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Problem } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert } from '../../ui/forms';

export function SsoSignIn() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const failed = params.get('sso_error');
  const [open, setOpen] = useState(Boolean(failed));
  const [organization, setOrganization] = useState('');
  const problem: Problem | null = failed
    ? {
        type: `/errors/${failed}`,
        title: '',
        status: 401,
        ...(params.get('reason') ? { reason: params.get('reason') } : {}),
      }
    : null;
  const go = (e: FormEvent) => {
    e.preventDefault();
    const slug = organization.trim().toLowerCase();
    if (slug) window.location.assign(`/auth/sso/start?organization=${encodeURIComponent(slug)}`);
  };
  return (
    <div className="sso-sign-in">
      <ProblemAlert problem={problem} />
      {open ? (
        <form onSubmit={go} noValidate>
          <Field label={t('sso.login.organization')}>
            {(p) => (
              <input
                {...p}
                autoComplete="organization"
                value={organization}
                onChange={(e) => setOrganization(e.target.value)}
                required
              />
            )}
          </Field>
          <button className="btn">{t('sso.login.go')}</button>
        </form>
      ) : (
        <p>
          <button type="button" className="btn" onClick={() => setOpen(true)}>
            {t('sso.login.button')}
          </button>
        </p>
      )}
    </div>
  );
}
