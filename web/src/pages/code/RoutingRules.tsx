// The routing rules of a dynamic URL code: an ordered list, each rule a set of conditions that
// must all hold and a destination; the first matching rule wins (docs/decisions.md D19).
import { useFieldArray } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { emptyRule } from './content-draft';
import type { EditorForm } from './editor-form';
import { GroupErrors } from './GroupErrors';
import { RuleEditor } from './routing/RuleEditor';

const MAX_RULES = 20;

export function RoutingRules({ form }: { form: EditorForm }) {
  const { t } = useI18n();
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const errors = form.fields;
  return (
    <fieldset data-testid="routing-rules">
      <legend>{t('content.rules')}</legend>
      <p className="muted small">{t('content.rulesHint')}</p>
      {rules.fields.map((r, i) => (
        <RuleEditor
          key={r.id}
          form={form}
          i={i}
          count={rules.fields.length}
          shift={(by) => rules.swap(i, i + by)}
          remove={() => rules.remove(i)}
        />
      ))}
      <GroupErrors messages={errors['/rules'] ? [errors['/rules']] : []} />
      {rules.fields.length < MAX_RULES ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => rules.append(emptyRule(), { shouldFocus: false })}
        >
          {t('content.ruleAdd')}
        </button>
      ) : null}
    </fieldset>
  );
}
