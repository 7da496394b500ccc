import { useState } from 'react';
import { useMemberWrites } from '../../api/hooks/members';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { ConfirmDelete } from '../settings/ConfirmDelete';

/**
 * Erasing a member (GDPR Art. 17, org_admin): the confirmation says what goes (address, name,
 * password, sessions, their API keys, the membership) and what stays (audit entries, comments).
 */
export function EraseMember({ userId, email, onErased }: { userId: string; email: string; onErased(): void }) {
  const { t } = useI18n();
  const writes = useMemberWrites();
  const [asking, setAsking] = useState(false);
  const erase = useSubmit(async () => {
    await writes.erase(userId);
    setAsking(false);
    onErased();
  });
  return (
    <>
      <ConfirmDelete
        name={email}
        asking={asking}
        ask={setAsking}
        onConfirm={() => void erase.run()}
        question={t('members.eraseConfirm', { email })}
        label={t('members.erase')}
      />
      <ProblemAlert problem={erase.problem} />
    </>
  );
}
