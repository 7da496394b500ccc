import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorDisable } from './TwoFactorDisable';
import { TwoFactorEnrol } from './TwoFactorEnrol';

/**
 * Two-factor sign-in in the account settings. The recovery codes are held here, above the on/off
 * switch, so a refresh of the session (which flips two_factor_enabled) cannot hide them before
 * the user has saved them; the session is refreshed only when they say so.
 */
export function TwoFactor({ onDone }: { onDone?: () => void }) {
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refresh().then(onDone);
        }}
      />
    );
  else if (me?.user.two_factor_enabled) body = <TwoFactorDisable />;
  else body = <TwoFactorEnrol onEnabled={setCodes} />;
  return (
    <section className="account-section" aria-labelledby="twofa-head" data-testid="two-factor">
      <h2 id="twofa-head">{t('account.twofa.title')}</h2>
      {body}
    </section>
  );
}
