// The routing rules of a dynamic URL code: an ordered list, each rule a set of conditions that
// must all hold and a destination; the first matching rule wins (docs/decisions.md D19).
import { useI18n } from '../../i18n/i18n';
import { emptyRule, type RuleDraft } from './content-draft';
import { GroupErrors } from './GroupErrors';
import { move } from './LinkList';
import { RuleEditor } from './routing/RuleEditor';
import type { MoreProps } from './ShortCodeField';

const MAX_RULES = 20;

export function RoutingRules({ more, setMore, errors }: MoreProps) {
  const { t } = useI18n();
  const rules = more.rules;
  const put = (next: RuleDraft[]) => setMore({ rules: next });
  return (
    <fieldset data-testid="routing-rules">
      <legend>{t('content.rules')}</legend>
      <p className="muted small">{t('content.rulesHint')}</p>
      {rules.map((r, i) => (
        <RuleEditor
          key={i}
          rule={r}
          i={i}
          count={rules.length}
          errors={errors}
          put={(rule) => put(rules.map((x, j) => (j === i ? rule : x)))}
          shift={(by) => put(move(rules, i, i + by))}
          remove={() => put(rules.filter((_, j) => j !== i))}
        />
      ))}
      <GroupErrors messages={errors['/rules'] ? [errors['/rules']] : []} />
      {rules.length < MAX_RULES ? (
        <button type="button" className="btn btn-small" onClick={() => put([...rules, emptyRule()])}>
          {t('content.ruleAdd')}
        </button>
      ) : null}
    </fieldset>
  );
}
