import { useState } from 'react';
import { operatorEraseUser } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { useEnableUser } from '../../api/hooks/operator-accounts/use-enable-user';
import { useEraseUser } from '../../api/hooks/operator-accounts/use-erase-user';
import { ProblemAlert, toFormProblem, useSubmit } from '../../ui/forms';
import type { Schemas } from '../../api/client';
import { DisableUser } from './DisableUser';
import { TypedErase } from './TypedErase';

type User = Schemas['OperatorUser'];

/** Disable (with a reason) or enable, each after a confirmation; erase behind the typed address. */
export function UserActions({ user }: { user: User }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<'none' | 'toggle' | 'erase'>('none');
  const erase = useEraseUser();
  const [withOrganizations, setWithOrganizations] = useState(false);
  // A 409 lists the organizations the user is last org_admin of; those they run alone may go with them.
  const blocking = (erase.error ? (toFormProblem(erase.error).problem?.organizations ?? []) : []) as Array<{
    id: string;
    only_member: boolean;
  }>;
  const alone = blocking.every((o) => o.only_member) ? blocking.map((o) => o.id) : [];
  const nameOf = (id: string) => user.organizations.find((o) => o.id === id)?.name ?? id;
  return (
    <div>
      <button
        type="button"
        className="btn"
        data-testid="op-user-toggle"
        onClick={() => setOpen(open === 'toggle' ? 'none' : 'toggle')}
      >
        {user.disabled_at ? t('opx.users.enable') : t('opx.users.disable')}
      </button>{' '}
      <button
        type="button"
        className="btn"
        data-testid="op-user-erase"
        onClick={() => setOpen(open === 'erase' ? 'none' : 'erase')}
      >
        {t('opx.users.erase')}
      </button>
      {open === 'toggle' ? (
        user.disabled_at ? (
          <Enable user={user} onDone={() => setOpen('none')} />
        ) : (
          <DisableUser user={user} onDone={() => setOpen('none')} />
        )
      ) : null}
      {open === 'erase' ? (
        <TypedErase
          title={t('opx.users.eraseTitle', { email: user.email })}
          label={t('opx.users.eraseLabel')}
          expected={user.email}
          testId="op-erase-user"
          body={operatorEraseUser}
          erase={(confirm) =>
            erase.mutateAsync({
              id: user.id,
              confirm,
              ...(withOrganizations && alone.length ? { delete_organizations: alone } : {}),
            })
          }
        >
          {alone.length ? (
            <label className="privacy-orgs">
              <input
                type="checkbox"
                data-testid="op-erase-user-orgs"
                checked={withOrganizations}
                onChange={(ev) => setWithOrganizations(ev.target.checked)}
              />{' '}
              {t('opx.users.eraseOrganizations', { names: alone.map(nameOf).join(', ') })}
            </label>
          ) : null}
        </TypedErase>
      ) : null}
    </div>
  );
}

function Enable({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useI18n();
  const enable = useEnableUser();
  const s = useSubmit(() => enable.mutateAsync(user.id));
  return (
    <ConfirmGroup
      label={t('opx.users.enable')}
      testId="op-enable-confirm"
      busy={s.busy}
      onConfirm={() => s.run().then((r) => r && onDone())}
      onCancel={onDone}
    >
      <ProblemAlert problem={s.problem} />
      <p>{t('opx.users.enableConfirm', { email: user.email })}</p>
    </ConfirmGroup>
  );
}
