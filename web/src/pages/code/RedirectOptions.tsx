// What a dynamic URL code does on the way to its destination: routing rules, UTM parameters and a
// password (docs/decisions.md D19). Hosted pages take none of these (D24).
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { FormField } from '../../ui/FormField';
import type { Draft } from '../code-form';
import { UTM_KEYS } from './content-draft';
import type { EditorForm } from './editor-form';
import { GroupErrors } from './GroupErrors';
import { RoutingRules } from './RoutingRules';
import { Fold } from './Fold';

type Props = { form: EditorForm; draft: Draft };

function UtmFields({ form }: Props) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="utm">
      <legend>{t('content.utm')}</legend>
      <p className="muted small">{t('content.utmHint')}</p>
      {UTM_KEYS.map((k) => (
        <FormField key={k} form={form} name={`utm.${k}`} label={t(`content.utm.${k}` as MessageKey)}>
          {(p) => <input {...p} />}
        </FormField>
      ))}
      <GroupErrors messages={form.fields['/utm'] ? [form.fields['/utm']] : []} />
    </fieldset>
  );
}

function PasswordSetting({ form, draft }: Props) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="code-password">
      <legend>{t('content.password')}</legend>
      <div className="field check">
        <label>
          <input type="checkbox" {...form.register('passwordOn', { onChange: () => form.setValue('password', '') })} />{' '}
          {t('content.passwordOn')}
        </label>
      </div>
      {draft.passwordOn ? (
        <FormField
          form={form}
          name="password"
          label={draft.more.wasProtected ? t('content.passwordKeep') : t('content.passwordNew')}
          hint={t('content.passwordHint')}
        >
          {(p) => <input {...p} type="password" autoComplete="new-password" />}
        </FormField>
      ) : null}
    </fieldset>
  );
}

/** The click id a conversion is reported with (docs/conversions.md). */
function ClickIdSetting({ form }: Props) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="code-click-id">
      <legend>{t('content.clickId')}</legend>
      <div className="field check">
        <label>
          <input type="checkbox" {...form.register('append_click_id')} /> {t('content.clickIdOn')}
        </label>
      </div>
      <p className="muted small">{t('content.clickIdHint')}</p>
    </fieldset>
  );
}

/** Each folded on a phone unless it holds something (Fold.tsx). */
export function RedirectOptions(props: Props) {
  const { t } = useI18n();
  const { draft } = props;
  const errors = props.form.fields;
  return (
    <>
      <Fold summary={t('content.rules')} filled={draft.rules.length > 0} errors={errors} prefixes={['/rules']}>
        <RoutingRules form={props.form} />
      </Fold>
      <Fold
        summary={t('content.utm')}
        filled={Object.values(draft.utm).some((v) => v !== '')}
        errors={errors}
        prefixes={['/utm']}
      >
        <UtmFields {...props} />
      </Fold>
      <Fold
        summary={t('content.password')}
        filled={draft.passwordOn || draft.more.wasProtected}
        errors={errors}
        prefixes={['/password']}
      >
        <PasswordSetting {...props} />
      </Fold>
      <Fold
        summary={t('content.clickId')}
        filled={draft.append_click_id}
        errors={errors}
        prefixes={['/append_click_id']}
      >
        <ClickIdSetting {...props} />
      </Fold>
    </>
  );
}
