import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import type { Gs1Evidence } from '../../../api/hooks/gs1-prefixes/evidence';
import { useGs1PrefixWrites } from '../../../api/hooks/gs1-prefixes/use-gs1-prefix-writes';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { EvidenceFields } from './EvidenceFields';

const EMPTY: Gs1Evidence = { file: null, gepirUrl: '', gepirText: '' };

/** New evidence for a claim without it, or a rejected one: it waits for the operator again. */
export function Resubmit({ prefix, onDone }: { prefix: Schemas['Gs1Prefix']; onDone: () => void }) {
  const { t } = useI18n();
  const { me } = useSession();
  const writes = useGs1PrefixWrites(me?.current.organization_id);
  const [evidence, setEvidence] = useState<Gs1Evidence>(EMPTY);
  const submit = useSubmit(async () => {
    await writes.submit(prefix.id, evidence);
    onDone();
  });
  return (
    <form
      className="narrow"
      noValidate
      aria-label={t('gs1.resubmitTitle', { prefix: prefix.prefix })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit.run();
      }}
    >
      <h2>{t('gs1.resubmitTitle', { prefix: prefix.prefix })}</h2>
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <EvidenceFields value={evidence} onChange={setEvidence} errors={submit.fields} base="" />
      <button className="btn btn-primary" disabled={submit.busy}>
        {t('gs1.send')}
      </button>{' '}
      <button type="button" className="btn" onClick={onDone}>
        {t('app.cancel')}
      </button>
    </form>
  );
}
