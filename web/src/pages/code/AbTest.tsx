// The editor's A/B test: destinations with weights and the share each gets. Folded on a phone
// unless it is on (Fold.tsx).
import { useI18n } from '../../i18n/i18n';
import { Field, type FieldErrors } from '../../ui/forms';
import { shares, type Draft } from '../code-form';
import { Fold } from './Fold';

export function AbTest({
  draft,
  set,
  errors: f,
}: {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t, fmt } = useI18n();
  const pct = shares(draft.destinations);
  const total = draft.destinations.reduce((a, d) => a + (Number(d.weight) || 0), 0);
  return (
    <Fold summary={t('edit.ab')} filled={draft.abEnabled} errors={f} prefixes={['/destinations']}>
      <fieldset>
        <legend>{t('edit.ab')}</legend>
        <div className="field check">
          <label>
            <input type="checkbox" checked={draft.abEnabled} onChange={(e) => set({ abEnabled: e.target.checked })} />{' '}
            {t('edit.ab')}
          </label>
        </div>
        {draft.abEnabled ? (
          <>
            <p className="muted small">{t('edit.abHint')}</p>
            {draft.destinations.map((d, i) => (
              <div className="row ab-row" key={i}>
                <Field label={t('edit.abUrl', { n: i + 1 })} pointer={`/destinations/${i}/url`} errors={f}>
                  {(p) => (
                    <input
                      {...p}
                      type="url"
                      value={d.url}
                      onChange={(e) =>
                        set({
                          destinations: draft.destinations.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)),
                        })
                      }
                    />
                  )}
                </Field>
                <Field label={t('edit.abWeight', { n: i + 1 })} pointer={`/destinations/${i}/weight`} errors={f}>
                  {(p) => (
                    <input
                      {...p}
                      inputMode="numeric"
                      className="short"
                      value={d.weight}
                      onChange={(e) =>
                        set({
                          destinations: draft.destinations.map((x, j) =>
                            j === i ? { ...x, weight: e.target.value } : x,
                          ),
                        })
                      }
                    />
                  )}
                </Field>
                <span className="share">{pct ? t('edit.abShare', { pct: fmt.number(pct[i]) }) : ''}</span>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={draft.destinations.length <= 1}
                  onClick={() => set({ destinations: draft.destinations.filter((_, j) => j !== i) })}
                >
                  {t('edit.abRemove', { n: i + 1 })}
                </button>
              </div>
            ))}
            <p className={`small ${pct ? 'muted' : 'field-error'}`} data-testid="ab-sum">
              {pct ? t('edit.abSum', { total: fmt.number(total) }) : t('edit.abWeightBad')}
            </p>
            {draft.destinations.length < 20 ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => set({ destinations: [...draft.destinations, { url: '', weight: '1' }] })}
              >
                {t('edit.abAdd')}
              </button>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </Fold>
  );
}
