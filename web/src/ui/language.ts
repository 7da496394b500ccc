// The dashboard's language is also the language of the signed-in user's mail (users.locale,
// docs/accounts.md "Language"): choosing one stores it on the user, and a device with no choice of
// its own starts in the user's.
import { useCallback, useEffect } from 'react';
import { useAccountWrites } from '../api/hooks/account';
import { hasChosenLang, useI18n, type Lang } from '../i18n/i18n';
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

/** On a device where nobody picked a language yet, the signed-in user's stored one applies. */
export function useUserLanguage() {
  const { lang, setLang } = useI18n();
  const { me } = useSession();
  const stored = me?.user.locale;
  useEffect(() => {
    if (stored && stored !== lang && !hasChosenLang()) setLang(stored);
  }, [stored, lang, setLang]);
}
