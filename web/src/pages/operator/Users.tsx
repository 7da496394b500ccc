import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { OperatorSearch } from './OperatorSearch';
import { useOperatorUsers } from '../../api/hooks/operator-accounts/use-operator-users';
import { useErrorText } from '../../ui/forms';
import { UserRow } from './UserRow';

/** The server's users; `?q=` is the search, so a link keeps it. */
export function Users() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const users = useOperatorUsers(q);
  const rows = users.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>{t('opx.users.title')}</h1>
      <p className="muted">{t('opx.users.hint')}</p>
      <OperatorSearch label={t('opx.users.search')} testId="op-user-search" />
      {users.isPending ? (
        <p>{t('app.loading')}</p>
      ) : users.error ? (
        <p role="alert">{errorText(users.error)}</p>
      ) : rows.length === 0 ? (
        <p>{t('opx.users.empty')}</p>
      ) : (
        <ul className="operator-users" data-testid="op-users">
          {rows.map((u) => (
            <UserRow key={u.id} user={u} />
          ))}
        </ul>
      )}
      {users.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void users.fetchNextPage()}>
          {t('opx.users.more')}
        </button>
      ) : null}
    </section>
  );
}
