import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useInvitations, useInvitationWrites } from '../../api/hooks/invitations';
import { useMemberWrites, useMembers } from '../../api/hooks/members';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { EraseMember } from './EraseMember';
import './team.css';

const WS_ROLES = ['ws_admin', 'editor', 'approver', 'viewer'] as const;
type WsRole = (typeof WS_ROLES)[number];
type OrgRole = 'org_admin' | 'member';

/** A select per workspace: the role there, or none. */
function WorkspaceRoles({
  value,
  onChange,
  label,
  disabled,
}: {
  value: Record<string, WsRole | ''>;
  onChange(wsId: string, role: WsRole | ''): void;
  label: (ws: string) => string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const { me } = useSession();
  return (
    <div className="ws-roles">
      {(me?.workspaces ?? []).map((w) => (
        <label key={w.id}>
          <span>{w.name}</span>
          <select
            aria-label={label(w.name)}
            value={value[w.id] ?? ''}
            disabled={disabled}
            onChange={(e) => onChange(w.id, e.target.value as WsRole | '')}
          >
            <option value="">{t('members.noRole')}</option>
            {WS_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}

/**
 * The workspace roles a new invitation starts with: Editor in the workspace the admin is working
 * in, so an invitee nobody gave a role explicitly still sees and makes codes there (D63).
 */
function defaultRoles(workspaceId: string | null | undefined): Record<string, WsRole | ''> {
  return workspaceId ? { [workspaceId]: 'editor' } : {};
}

function InviteForm() {
  const { t } = useI18n();
  const { me } = useSession();
  const writes = useMemberWrites();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const [ws, setWs] = useState(() => defaultRoles(me?.current.workspace_id));
  const [sent, setSent] = useState<{ email: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const invite = useSubmit(async () => {
    // An organization admin holds every workspace: roles in them would say nothing.
    const workspaces =
      role === 'member'
        ? Object.entries(ws)
            .filter(([, r]) => r)
            .map(([workspace_id, r]) => ({ workspace_id, role: r as WsRole }))
        : [];
    const created = await writes.invite({ email, role, workspaces });
    setSent({ email, url: created.invitation_url });
    setCopied(false);
    setEmail('');
    setWs(defaultRoles(me?.current.workspace_id));
  });
  return (
    <form
      className="narrow card"
      aria-labelledby="invite-head"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSent(null);
        void invite.run();
      }}
    >
      <h2 id="invite-head">{t('members.invite')}</h2>
      <ProblemAlert problem={invite.problem} fields={invite.fields} />
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
      <Field label={t('auth.email')} pointer="/email" errors={invite.fields}>
        {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label={t('members.orgRole')} pointer="/role" errors={invite.fields}>
        {(p) => (
          <select {...p} value={role} onChange={(e) => setRole(e.target.value as OrgRole)}>
            <option value="member">{t('role.member')}</option>
            <option value="org_admin">{t('role.org_admin')}</option>
          </select>
        )}
      </Field>
      {role === 'member' ? (
        <fieldset>
          <legend>{t('members.wsRoles')}</legend>
          <WorkspaceRoles
            value={ws}
            label={(name) => t('members.roleIn', { ws: name })}
            onChange={(id, r) => setWs((v) => ({ ...v, [id]: r }))}
          />
        </fieldset>
      ) : null}
      <button className="btn btn-primary" disabled={invite.busy}>
        {t('members.sendInvite')}
      </button>
    </form>
  );
}

export function Members() {
  const { t, fmtDate } = useI18n();
  const { me } = useSession();
  const orgAdmin = me?.current.role === 'org_admin';
  const members = useMembers(me?.current.organization_id, me?.current.workspace_id);
  const invitations = useInvitations(me?.current.organization_id, orgAdmin);
  const writes = useMemberWrites();
  const invitationWrites = useInvitationWrites();
  const change = useSubmit(
    async (
      userId: string,
      patch: { role?: OrgRole; workspaces?: Array<{ workspace_id: string; role: WsRole | null }> },
    ) => {
      await writes.change(userId, patch);
    },
  );
  const [removing, setRemoving] = useState<string | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const remove = useSubmit(async (userId: string) => {
    await writes.remove(userId);
    setRemoving(null);
  });
  const resend = useSubmit(
    async (inv: { email: string; role: OrgRole; workspaces: Array<{ workspace_id: string; role: WsRole }> }) => {
      // Inviting the same address again refreshes the open invitation (new expiry, same id).
      await writes.invite({ email: inv.email, role: inv.role, workspaces: inv.workspaces });
    },
  );
  const revoke = useSubmit((id: string) => invitationWrites.revoke(id));
  const wsName = (id: string) => me?.workspaces.find((w) => w.id === id)?.name ?? id;
  if (members.error instanceof ApiError && members.error.status === 403)
    return (
      <section>
        <h1>{t('members.title')}</h1>
        <p>{t('members.adminOnly')}</p>
      </section>
    );
  const list = members.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>{t('members.title')}</h1>
      {members.error instanceof ApiError ? <ProblemAlert problem={members.error.problem} /> : null}
      <ProblemAlert problem={change.problem ?? remove.problem} />
      {erased ? (
        <p className="alert alert-ok" role="status" data-testid="member-erased">
          {t('members.erased', { email: erased })}
        </p>
      ) : null}
      <table className="table" data-testid="members-table">
        <caption className="sr-only">{t('members.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('auth.email')}</th>
            <th scope="col">{t('members.orgRole')}</th>
            <th scope="col">{t('members.wsRoles')}</th>
            <th scope="col">
              <span className="sr-only">{t('members.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.user_id}>
              <td>
                {m.email}
                {m.name ? <div className="muted small">{m.name}</div> : null}
              </td>
              <td>
                {orgAdmin ? (
                  <select
                    aria-label={t('members.orgRoleOf', { email: m.email })}
                    value={m.role}
                    disabled={change.busy}
                    onChange={(e) => void change.run(m.user_id, { role: e.target.value as OrgRole })}
                  >
                    <option value="member">{t('role.member')}</option>
                    <option value="org_admin">{t('role.org_admin')}</option>
                  </select>
                ) : (
                  t(`role.${m.role}` as MessageKey)
                )}
              </td>
              <td>
                {m.role === 'org_admin' ? (
                  <span className="muted small">{t('members.allWorkspaces')}</span>
                ) : orgAdmin ? (
                  <WorkspaceRoles
                    value={Object.fromEntries(m.workspaces.map((w) => [w.workspace_id, w.role]))}
                    disabled={change.busy}
                    label={(ws) => t('members.roleOfIn', { email: m.email, ws })}
                    onChange={(id, r) =>
                      void change.run(m.user_id, { workspaces: [{ workspace_id: id, role: r || null }] })
                    }
                  />
                ) : (
                  m.workspaces.map((w) => `${wsName(w.workspace_id)}: ${t(`role.${w.role}` as MessageKey)}`).join(', ')
                )}
              </td>
              <td>
                {!orgAdmin || m.user_id === me?.user.id ? null : removing === m.user_id ? (
                  <span role="group" aria-label={t('members.removeConfirm', { email: m.email })}>
                    <span className="small">{t('members.removeConfirm', { email: m.email })}</span>{' '}
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      onClick={() => void remove.run(m.user_id)}
                    >
                      {t('app.confirm')}
                    </button>{' '}
                    <button type="button" className="btn btn-small" onClick={() => setRemoving(null)}>
                      {t('app.cancel')}
                    </button>
                  </span>
                ) : (
                  <button type="button" className="btn btn-small" onClick={() => setRemoving(m.user_id)}>
                    {t('members.remove')}
                    <span className="sr-only"> {m.email}</span>
                  </button>
                )}{' '}
                {orgAdmin && m.user_id !== me?.user.id && removing !== m.user_id ? (
                  <EraseMember userId={m.user_id} email={m.email} onErased={() => setErased(m.email)} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {members.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void members.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
      {orgAdmin ? (
        <>
          <InviteForm />
          <h2>{t('members.pending')}</h2>
          <ProblemAlert problem={resend.problem ?? revoke.problem} />
          {invitations.data && invitations.data.length === 0 ? (
            <p>{t('members.noPending')}</p>
          ) : (
            <table className="table" data-testid="invitations-table">
              <caption className="sr-only">{t('members.pending')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('auth.email')}</th>
                  <th scope="col">{t('members.roles')}</th>
                  <th scope="col">{t('members.expires')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('members.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(invitations.data ?? []).map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td>
                    <td>
                      {[
                        t(`role.${i.role}` as MessageKey),
                        ...i.workspaces.map((w) => `${wsName(w.workspace_id)}: ${t(`role.${w.role}` as MessageKey)}`),
                      ].join(', ')}
                    </td>
                    <td>{fmtDate(i.expires_at)}</td>
                    <td>
                      <button type="button" className="btn btn-small" onClick={() => void resend.run(i)}>
                        {t('members.resend')}
                        <span className="sr-only"> {i.email}</span>
                      </button>{' '}
                      <button type="button" className="btn btn-small" onClick={() => void revoke.run(i.id)}>
                        {t('members.revoke')}
                        <span className="sr-only"> {i.email}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
