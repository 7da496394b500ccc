// One routing rule: its conditions (each kind at most once), its destination, and its place in the list.
import { useFieldArray } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { Field } from '../../../ui/forms';
import { FormField } from '../../../ui/FormField';
import type { FieldProblem } from '../../../ui/problem-message';
import { CONDITION_KINDS, EMPTY_CONDITION, emptyCondition, errorsUnder, type ConditionKind } from '../content-draft';
import type { EditorForm } from '../editor-form';
import { GroupErrors } from '../GroupErrors';
import { ConditionValue } from './ConditionValue';

export function RuleEditor(props: {
  form: EditorForm;
  i: number;
  count: number;
  shift: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const { t } = useI18n();
  const { form, i } = props;
  const n = i + 1;
  const errors = form.fields;
  const conds = useFieldArray({ control: form.control, name: `rules.${i}.conditions` });
  const unused = CONDITION_KINDS.filter((k) => !conds.fields.some((c) => c.kind === k));
  // A condition left empty is the editor's own verdict (CodeEditForm), worded here so it follows the language.
  const own = (e: string | FieldProblem | undefined) =>
    !e ? [] : [typeof e === 'object' && e.code === EMPTY_CONDITION ? t(e.detail as MessageKey, { n }) : e];
  return (
    <fieldset className="nested rule" data-testid={`rule-${n}`}>
      <legend>{t('content.rule', { n })}</legend>
      {conds.fields.map((c, k) => (
        <div key={c.id} className="condition">
          <div className="row">
            <Field label={t('content.condKind', { n: k + 1 })}>
              {(p) => (
                <select
                  {...p}
                  value={c.kind}
                  onChange={(e) => conds.update(k, emptyCondition(e.target.value as ConditionKind))}
                >
                  {CONDITION_KINDS.map((kind) => (
                    <option key={kind} value={kind} disabled={kind !== c.kind && !unused.includes(kind)}>
                      {t(`content.kind.${kind}` as MessageKey)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button
              type="button"
              className="btn btn-small"
              disabled={conds.fields.length <= 1}
              onClick={() => conds.remove(k)}
            >
              {t('content.condRemove', { n: k + 1 })}
            </button>
          </div>
          <ConditionValue form={form} name={`rules.${i}.conditions.${k}`} c={c} />
          <GroupErrors messages={own(errors[`/rules/${i}/when/${c.kind}`])} testId={`rule-${n}-${c.kind}-error`} />
        </div>
      ))}
      {unused.length ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => conds.append(emptyCondition(unused[0]), { shouldFocus: false })}
        >
          {t('content.condAdd')}
        </button>
      ) : null}
      <GroupErrors
        messages={errorsUnder(
          errors,
          `/rules/${i}/when`,
          conds.fields.map((c) => `/rules/${i}/when/${c.kind}`),
        )}
        testId={`rule-${n}-errors`}
      />
      <FormField form={form} name={`rules.${i}.url`} label={t('content.ruleUrl', { n })}>
        {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" />}
      </FormField>
      <div className="row">
        <button type="button" className="btn btn-small" disabled={i === 0} onClick={() => props.shift(-1)}>
          {t('content.ruleUp', { n })}
        </button>
        <button type="button" className="btn btn-small" disabled={i === props.count - 1} onClick={() => props.shift(1)}>
          {t('content.ruleDown', { n })}
        </button>
        <button type="button" className="btn btn-small" onClick={props.remove}>
          {t('content.ruleRemove', { n })}
        </button>
      </div>
    </fieldset>
  );
}
