import { useState } from 'react';
import { addMember } from '@qrs/sdk/forms';
import { useMemberWrites } from '../../../api/hooks/members';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';
import { defaultRoles, WorkspaceRoles, type OrgRole, type WsRole } from './WorkspaceRoles';

type Invite = { email: string; role: OrgRole; ws: Record<string, WsRole | ''> };

const toBody = ({ email, role, ws }: Invite) => ({
  email,
  role,
  // An organization admin holds every workspace: roles in them would say nothing.
  workspaces:
    role === 'member'
      ? Object.entries(ws)
          .filter(([, r]) => r)
          .map(([workspace_id, r]) => ({ workspace_id, role: r as WsRole }))
      : [],
});

/** Invite by e-mail with an organization role and workspace roles; the link is shown once. */
export function InviteForm() {
  const { t } = useI18n();
  const { me } = useSession();
  const writes = useMemberWrites();
  const [sent, setSent] = useState<{ email: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const form = useApiForm<Invite, ReturnType<typeof toBody>>({
    body: addMember,
    defaults: { email: '', role: 'member', ws: defaultRoles(me?.current.workspace_id) },
    toBody,
  });
  const send = form.submit(async (body) => {
    const created = await writes.invite(body);
    setSent({ email: body.email, url: created.invitation_url });
    setCopied(false);
    form.reset({ email: '', role: form.getValues('role'), ws: defaultRoles(me?.current.workspace_id) });
  });
  const role = form.watch('role');
  const ws = form.watch('ws');
  return (
    <form
      className="narrow card"
      aria-labelledby="invite-head"
      noValidate
      onSubmit={(e) => {
        setSent(null);
        void send(e);
      }}
    >
      <h2 id="invite-head">{t('members.invite')}</h2>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      {sent ? (
        // The link is shown once (only its hash is kept): an operator without e-mail delivery
        // hands it to the invitee another way.
        <div className="alert alert-ok" role="status" data-testid="invitation-link">
          <p>{t('members.invited', { email: sent.email })}</p>
          <label>
            {t('members.inviteLink')}
            <input readOnly value={sent.url} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void navigator.clipboard?.writeText(sent.url).then(() => setCopied(true))}
          >
            {copied ? t('members.inviteLinkCopied') : t('members.copyInviteLink')}
          </button>
        </div>
      ) : null}
      <FormField form={form} name="email" label={t('auth.email')}>
        {(p) => <input {...p} type="email" />}
      </FormField>
      <FormField form={form} name="role" label={t('members.orgRole')}>
        {(p) => (
          <select {...p}>
            <option value="member">{t('role.member')}</option>
            <option value="org_admin">{t('role.org_admin')}</option>
          </select>
        )}
      </FormField>
      {role === 'member' ? (
        <fieldset>
          <legend>{t('members.wsRoles')}</legend>
          <WorkspaceRoles
            value={ws}
            label={(name) => t('members.roleIn', { ws: name })}
            onChange={(id, r) => form.setValue('ws', { ...form.getValues('ws'), [id]: r })}
          />
        </fieldset>
      ) : null}
      <button className="btn btn-primary" disabled={form.busy}>
        {t('members.sendInvite')}
      </button>
    </form>
  );
}
