import { useNavigate } from 'react-router';
import { operatorEraseOrganization } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { useEraseOrganization } from '../../api/hooks/operator-accounts/use-erase-organization';
import { TypedErase } from './TypedErase';
import type { Schemas } from '../../api/client';

/** Erases the organization once its slug is typed again; then back to the list. */
export function EraseOrganization({ org }: { org: Schemas['OperatorOrganization'] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const erase = useEraseOrganization(org.id);
  return (
    <section aria-labelledby="op-erase-head">
      <h2 id="op-erase-head">{t('opx.eraseOrg.title')}</h2>
      <p className="muted">{t('opx.eraseOrg.hint')}</p>
      <TypedErase
        title={t('opx.eraseOrg.do', { org: org.name })}
        label={t('opx.eraseOrg.label')}
        expected={org.slug}
        testId="op-erase-org"
        body={operatorEraseOrganization}
        erase={(confirm) => erase.mutateAsync(confirm)}
        onDone={() => void navigate('/operator/organizations')}
      />
    </section>
  );
}
