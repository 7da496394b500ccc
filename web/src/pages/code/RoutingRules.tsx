// The routing rules of a dynamic URL code: an ordered list, each rule a set of conditions that
// must all hold and a destination; the first matching rule wins (docs/decisions.md D19).
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, type FieldErrors } from '../../ui/forms';
import {
  CONDITION_KINDS,
  DEVICES,
  emptyCondition,
  emptyRule,
  errorsUnder,
  OPERATING_SYSTEMS,
  WEEKDAYS,
  type ConditionDraft,
  type RuleDraft,
} from './content-draft';
import { GroupErrors } from './GroupErrors';
import { move } from './LinkList';
import type { MoreProps } from './ShortCodeField';

const MAX_RULES = 20;
/** Product names, the same in every language. */
const OS_NAMES: Record<string, string> = {
  ios: 'iOS',
  ipados: 'iPadOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  chromeos: 'ChromeOS',
  harmonyos: 'HarmonyOS',
};

function Checks(props: {
  label: string;
  options: readonly string[];
  name: (o: string) => string;
  checked: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="checks">
      <legend>{props.label}</legend>
      {props.options.map((o) => (
        <label key={o} className="check-inline">
          <input
            type="checkbox"
            checked={props.checked.includes(o)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.checked, o] : props.checked.filter((x) => x !== o))
            }
          />{' '}
          {props.name(o)}
        </label>
      ))}
    </fieldset>
  );
}

function ConditionValue({ c, set }: { c: ConditionDraft; set: (patch: Partial<ConditionDraft>) => void }) {
  const { t } = useI18n();
  const label = t(`content.kind.${c.kind}` as MessageKey);
  const text = (l: MessageKey, hint: MessageKey): ReactNode => (
    <Field label={t(l)} hint={t(hint)}>
      {(p) => <input {...p} value={c.text} onChange={(e) => set({ text: e.target.value })} />}
    </Field>
  );
  switch (c.kind) {
    case 'device':
      return (
        <Checks
          label={label}
          options={DEVICES}
          name={(o) => t(`device.${o}` as MessageKey)}
          checked={c.values}
          onChange={(values) => set({ values })}
        />
      );
    case 'os':
      return (
        <Checks
          label={label}
          options={OPERATING_SYSTEMS}
          name={(o) => OS_NAMES[o] ?? o}
          checked={c.values}
          onChange={(values) => set({ values })}
        />
      );
    case 'language':
      return text('content.langText', 'content.langHint');
    case 'country':
      return text('content.countryText', 'content.countryHint');
    case 'region':
      return text('content.regionText', 'content.regionHint');
    case 'time':
      return (
        <>
          <div className="row">
            <Field label={t('content.from')}>
              {(p) => <input {...p} type="time" value={c.from} onChange={(e) => set({ from: e.target.value })} />}
            </Field>
            <Field label={t('content.to')}>
              {(p) => <input {...p} type="time" value={c.to} onChange={(e) => set({ to: e.target.value })} />}
            </Field>
          </div>
          <Checks
            label={t('content.days')}
            options={WEEKDAYS}
            name={(o) => t(`day.${o}` as MessageKey)}
            checked={c.days}
            onChange={(days) => set({ days })}
          />
          <p className="muted small">{c.zone ? t('content.zone', { zone: c.zone }) : t('content.timeHint')}</p>
        </>
      );
    case 'query':
      return (
        <div className="row">
          <Field label={t('content.queryName')}>
            {(p) => <input {...p} value={c.name} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
          <Field label={t('content.queryValue')}>
            {(p) => <input {...p} value={c.value} onChange={(e) => set({ value: e.target.value })} />}
          </Field>
        </div>
      );
  }
}

function RuleEditor(props: {
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
