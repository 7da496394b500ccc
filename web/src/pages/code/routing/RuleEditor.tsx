// One routing rule: its conditions (each kind at most once), its destination, and its place in the list.
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { Field, type FieldErrors } from '../../../ui/forms';
import { CONDITION_KINDS, emptyCondition, errorsUnder, type ConditionDraft, type RuleDraft } from '../content-draft';
import { GroupErrors } from '../GroupErrors';
import { ConditionValue } from './ConditionValue';

export function RuleEditor(props: {
  rule: RuleDraft;
  i: number;
  count: number;
  errors: FieldErrors;
  put: (rule: RuleDraft) => void;
  shift: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const { t } = useI18n();
  const { rule, i } = props;
  const n = i + 1;
  const conds = rule.conditions;
  const setCond = (k: number, patch: Partial<ConditionDraft>) =>
    props.put({ ...rule, conditions: conds.map((c, j) => (j === k ? { ...c, ...patch } : c)) });
  const unused = CONDITION_KINDS.filter((k) => !conds.some((c) => c.kind === k));
  return (
    <fieldset className="nested rule" data-testid={`rule-${n}`}>
      <legend>{t('content.rule', { n })}</legend>
      {conds.map((c, k) => (
        <div key={k} className="condition">
          <div className="row">
            <Field label={t('content.condKind', { n: k + 1 })}>
              {(p) => (
                <select
                  {...p}
                  value={c.kind}
                  onChange={(e) =>
                    props.put({
                      ...rule,
                      conditions: conds.map((x, j) =>
                        j === k ? emptyCondition(e.target.value as ConditionDraft['kind']) : x,
                      ),
                    })
                  }
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
              disabled={conds.length <= 1}
              onClick={() => props.put({ ...rule, conditions: conds.filter((_, j) => j !== k) })}
            >
              {t('content.condRemove', { n: k + 1 })}
            </button>
          </div>
          <ConditionValue c={c} set={(patch) => setCond(k, patch)} />
          <GroupErrors
            messages={props.errors[`/rules/${i}/when/${c.kind}`] ? [props.errors[`/rules/${i}/when/${c.kind}`]] : []}
            testId={`rule-${n}-${c.kind}-error`}
          />
        </div>
      ))}
      {unused.length ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => props.put({ ...rule, conditions: [...conds, emptyCondition(unused[0])] })}
        >
          {t('content.condAdd')}
        </button>
      ) : null}
      <GroupErrors
        messages={errorsUnder(
          props.errors,
          `/rules/${i}/when`,
          conds.map((c) => `/rules/${i}/when/${c.kind}`),
        )}
        testId={`rule-${n}-errors`}
      />
      <Field label={t('content.ruleUrl', { n })} pointer={`/rules/${i}/url`} errors={props.errors}>
        {(p) => (
          <input
            {...p}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={rule.url}
            onChange={(e) => props.put({ ...rule, url: e.target.value })}
          />
        )}
      </Field>
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
