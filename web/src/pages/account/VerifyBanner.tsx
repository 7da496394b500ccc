import { useState } from 'react';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import './account.css';

/**
 * Above every page while the user's address is unproved and the server requires proved addresses
 * (invitations and API keys wait for it). "Resend" mails a new link; the older ones stop working.
 */
export function VerifyBanner() {
  const { t } = useI18n();
  const { me } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const account = useAccountWrites();
  const resend = useSubmit(async () => {
    const r = await account.resendVerification();
    setSentTo(r.sent_to);
  });
  if (!me || me.user.email_verified || !me.email_verification_required) return null;
  return (
    <section className="banner banner-warn" aria-labelledby="verify-head" data-testid="verify-banner">
      <div>
        <h2 id="verify-head" className="banner-head">
          {t('account.banner.title')}
        </h2>
        <p>{t('account.banner.text', { email: me.user.email })}</p>
        <ProblemAlert problem={resend.problem} />
        <p role="status">{sentTo ? t('account.banner.sent', { email: sentTo }) : null}</p>
      </div>
      <button type="button" className="btn btn-small" disabled={resend.busy} onClick={() => void resend.run()}>
        {t('account.banner.resend')}
      </button>
    </section>
  );
}
