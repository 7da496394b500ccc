import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';
import { ROLES } from './sso-values';

/** The roles a claim value (or anyone else) may get, as a select's options. */
export function RoleOptions() {
  const { t } = useI18n();
  return (
    <>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`role.${r}` as MessageKey)}
        </option>
      ))}
    </>
  );
}
