import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { lazyForm } from '../../ui/lazy-form';
import type { MoveProps } from './MoveForm';

const MoveForm = lazyForm<MoveProps>(() => import('./MoveForm').then((m) => m.MoveForm));

/**
 * "Move to" in the Codes toolbar. Its form (react-hook-form and the API's validators) is loaded
 * once a code is chosen, so opening /codes does not fetch it (test/web/first-load.test.ts); until
 * then the same controls stand there disabled, as they would with nothing chosen.
 */
export function MoveToFolder(props: MoveProps) {
  const { t } = useI18n();
  const [wanted, setWanted] = useState(false);
  if (!wanted && props.codeIds.length) setWanted(true);
  if (wanted) return <MoveForm {...props} />;
  return (
    <>
      <label>
        {t('folders.moveTo')}
        <select disabled value="">
          <option value="">—</option>
        </select>
      </label>
      <button type="button" className="btn" disabled>
        {t('folders.move')}
      </button>
    </>
  );
}
