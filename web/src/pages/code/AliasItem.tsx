import { useState } from 'react';
import type { Code } from '../../api/client';
import { useCodeAliasWrites } from '../../api/hooks/codes/use-code-alias-writes';
import { useI18n } from '../../i18n/i18n';
import { useCan } from '../../ui/can';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { ConfirmDelete } from '../settings/ConfirmDelete';

/** A former short code; who may change codes can stop it from redirecting, after a confirmation. */
export function AliasItem({ code, shortCode }: { code: Code; shortCode: string }) {
  const { t } = useI18n();
  const may = useCan('codes.write');
  const writes = useCodeAliasWrites();
  const [asking, setAsking] = useState(false);
  const remove = useSubmit(() => writes.remove(code, shortCode));
  return (
    <li>
      <code>{shortCode}</code>{' '}
      {may ? (
        <ConfirmDelete
          name={shortCode}
          asking={asking}
          ask={setAsking}
          onConfirm={() => void remove.run()}
          question={t('aliases.deleteConfirm', { name: shortCode })}
        />
      ) : null}
      <ProblemAlert problem={remove.problem} />
    </li>
  );
}
