// A new passport starts from one of the organization's model passports (its GTIN, category and
// public data; the "New battery of this model" path) or from one of the three example passports.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useModelPassports } from '../../../api/hooks/passportModels';
import { EXAMPLE_NAMES, loadExample, type ExampleName } from '../../../api/hooks/passportExamples';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { modelName } from '../categories';
import type { Imported } from './use-draft';
import { useEditorWords } from './use-words';

export function StartFrom({ onExample }: { onExample(j: Imported): void }) {
  const { t } = useI18n();
  const w = useEditorWords();
  const navigate = useNavigate();
  const q = useModelPassports({ gtin: '', publication_status: '' });
  const models = q.data?.pages.flatMap((p) => p.data).filter((m) => m.publication_status !== 'archived') ?? [];
  const [model, setModel] = useState('');
  const [loaded, setLoaded] = useState(false);
  const load = useSubmit(async (name: ExampleName) => {
    onExample({ ...((await loadExample(name)) as Imported), serial: '' });
    setLoaded(true);
  });
  const chosen = model || models[0]?.id || '';
  return (
    <section className="card dpp-start" aria-labelledby="dpp-start-head" data-testid="start-from">
      <h2 id="dpp-start-head">{w('startFrom')}</h2>
      {models.length ? (
        <div className="field dpp-start-model">
          <label htmlFor="dpp-start-model">{w('model')}</label>
          <select id="dpp-start-model" value={chosen} onChange={(e) => setModel(e.target.value)}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {modelName(m.data) ?? m.gtin} ({m.gtin})
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void navigate(`/passports/new?model=${chosen}`)}
          >
            {w('useModel')}
          </button>
        </div>
      ) : q.data ? (
        <p className="muted small">{w('noModels')}</p>
      ) : null}
      <div role="group" aria-labelledby="dpp-start-example" className="dpp-start-examples">
        <span id="dpp-start-example">{w('example')}:</span>{' '}
        {EXAMPLE_NAMES.map((name) => (
          <button key={name} type="button" className="btn btn-small" onClick={() => void load.run(name)}>
            {t(`dppx.category.${name}` as MessageKey)}
          </button>
        ))}
      </div>
      <ProblemAlert problem={load.problem} />
      {loaded ? (
        <p className="alert alert-ok" role="status" data-testid="example-loaded">
          {w('exampleLoaded')}
        </p>
      ) : null}
    </section>
  );
}
