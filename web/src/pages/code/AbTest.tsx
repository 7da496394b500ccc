// The editor's A/B test: destinations with weights and the share each gets. Folded on a phone
// unless it is on (Fold.tsx).
import { useFieldArray } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { shares, type Draft } from '../code-form';
import type { EditorForm } from './editor-form';
import { Fold } from './Fold';

const MAX_DESTINATIONS = 20;

export function AbTest({ form, draft }: { form: EditorForm; draft: Draft }) {
  const { t, fmt } = useI18n();
  const list = useFieldArray({ control: form.control, name: 'destinations' });
  const pct = shares(draft.destinations);
  const total = draft.destinations.reduce((a, d) => a + (Number(d.weight) || 0), 0);
  return (
    <Fold summary={t('edit.ab')} filled={draft.abEnabled} errors={form.fields} prefixes={['/destinations']}>
      <fieldset>
        <legend>{t('edit.ab')}</legend>
        <div className="field check">
          <label>
            <input type="checkbox" {...form.register('abEnabled')} /> {t('edit.ab')}
          </label>
        </div>
        {draft.abEnabled ? (
          <>
            <p className="muted small">{t('edit.abHint')}</p>
            {list.fields.map((d, i) => (
              <div className="row ab-row" key={d.id}>
                <FormField form={form} name={`destinations.${i}.url`} label={t('edit.abUrl', { n: i + 1 })}>
                  {(p) => <input {...p} type="url" />}
                </FormField>
                <FormField form={form} name={`destinations.${i}.weight`} label={t('edit.abWeight', { n: i + 1 })}>
                  {(p) => <input {...p} inputMode="numeric" className="short" />}
                </FormField>
                <span className="share">{pct ? t('edit.abShare', { pct: fmt.number(pct[i]) }) : ''}</span>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={list.fields.length <= 1}
                  onClick={() => list.remove(i)}
                >
                  {t('edit.abRemove', { n: i + 1 })}
                </button>
              </div>
            ))}
            <p className={`small ${pct ? 'muted' : 'field-error'}`} data-testid="ab-sum">
              {pct ? t('edit.abSum', { total: fmt.number(total) }) : t('edit.abWeightBad')}
            </p>
            {list.fields.length < MAX_DESTINATIONS ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => list.append({ url: '', weight: '1' }, { shouldFocus: false })}
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
