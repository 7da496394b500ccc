// The dashboard's language is also the language of the signed-in user's mail (users.locale,
// docs/accounts.md "Language"): choosing one stores it on the user. The other way round is left
// out on purpose: a browser's own language, or a choice made on this device, is not overruled by
// what the account last stored.
import { useCallback } from 'react';
import { useAccountWrites } from '../api/hooks/account';
import { useI18n, type Lang } from '../i18n/i18n';
import { useSession } from '../session';

/** Sets the dashboard's language and, when someone is signed in, the language of their mail. */
export function useChooseLanguage(): (l: Lang) => Promise<void> {
  const { setLang } = useI18n();
  const { me, refresh } = useSession();
  const writes = useAccountWrites();
  return useCallback(
    async (l: Lang) => {
      setLang(l);
      if (!me || me.user.locale === l) return;
      await writes.updateMe({ locale: l });
      await refresh();
    },
    [me, refresh, setLang, writes],
  );
}
