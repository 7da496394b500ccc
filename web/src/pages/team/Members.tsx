import { ApiError } from '../../api/client';
import { useMembers } from '../../api/hooks/members';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { ProblemAlert } from '../../ui/forms';
import { lazyForm } from '../../ui/lazy-form';
import { MemberTable } from './members/MemberTable';
import { PendingInvitations } from './members/PendingInvitations';
import './team.css';

const InviteForm = lazyForm(() => import('./members/InviteForm').then((m) => m.InviteForm));

export function Members() {
  const { t } = useI18n();
  const { me } = useSession();
  const orgAdmin = me?.current.role === 'org_admin';
  const members = useMembers(me?.current.organization_id, me?.current.workspace_id);
  if (members.error instanceof ApiError && members.error.status === 403)
    return (
      <section>
        <h1>{t('members.title')}</h1>
        <p>{t('members.adminOnly')}</p>
      </section>
    );
  return (
    <section>
      <h1>{t('members.title')}</h1>
      {members.error instanceof ApiError ? <ProblemAlert problem={members.error.problem} /> : null}
      <MemberTable list={members.data?.pages.flatMap((p) => p.data) ?? []} />
      {members.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void members.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
      {orgAdmin ? (
        <>
          <InviteForm />
          <PendingInvitations />
        </>
      ) : null}
    </section>
  );
}
