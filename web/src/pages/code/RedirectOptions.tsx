// What a dynamic URL code does on the way to its destination: routing rules, UTM parameters and a
// password (docs/decisions.md D19). Hosted pages take none of these (D24).
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field } from '../../ui/forms';
import { UTM_KEYS } from './content-draft';
import { GroupErrors } from './GroupErrors';
import { RoutingRules } from './RoutingRules';
import { Fold } from './Fold';
import type { MoreProps } from './ShortCodeField';

function UtmFields({ more, setMore, errors }: MoreProps) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="utm">
      <legend>{t('content.utm')}</legend>
      <p className="muted small">{t('content.utmHint')}</p>
      {UTM_KEYS.map((k) => (
        <Field key={k} label={t(`content.utm.${k}` as MessageKey)} pointer={`/utm/${k}`} errors={errors}>
          {(p) => (
            <input
              {...p}
              value={more.utm[k]}
              onChange={(e) => setMore({ utm: { ...more.utm, [k]: e.target.value } })}
            />
          )}
        </Field>
      ))}
      <GroupErrors messages={errors['/utm'] ? [errors['/utm']] : []} />
    </fieldset>
  );
}

function PasswordSetting({ more, setMore, errors }: MoreProps) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="code-password">
      <legend>{t('content.password')}</legend>
      <div className="field check">
        <label>
          <input
            type="checkbox"
            checked={more.passwordOn}
            onChange={(e) => setMore({ passwordOn: e.target.checked, password: '' })}
          />{' '}
          {t('content.passwordOn')}
        </label>
      </div>
      {more.passwordOn ? (
        <Field
          label={more.wasProtected ? t('content.passwordKeep') : t('content.passwordNew')}
          pointer="/password"
          errors={errors}
          hint={t('content.passwordHint')}
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={more.password}
              onChange={(e) => setMore({ password: e.target.value })}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}

/** The click id a conversion is reported with (docs/conversions.md). */
function ClickIdSetting({ more, setMore }: MoreProps) {
  const { t } = useI18n();
  return (
    <fieldset data-testid="code-click-id">
      <legend>{t('content.clickId')}</legend>
      <div className="field check">
        <label>
          <input type="checkbox" checked={more.clickId} onChange={(e) => setMore({ clickId: e.target.checked })} />{' '}
          {t('content.clickIdOn')}
        </label>
      </div>
      <p className="muted small">{t('content.clickIdHint')}</p>
    </fieldset>
  );
}

/** Each folded on a phone unless it holds something (Fold.tsx). */
export function RedirectOptions(props: MoreProps) {
  const { t } = useI18n();
  const { more, errors } = props;
  return (
    <>
      <Fold summary={t('content.rules')} filled={more.rules.length > 0} errors={errors} prefixes={['/rules']}>
        <RoutingRules {...props} />
      </Fold>
      <Fold
        summary={t('content.utm')}
        filled={Object.values(more.utm).some((v) => v !== '')}
        errors={errors}
        prefixes={['/utm']}
      >
        <UtmFields {...props} />
      </Fold>
      <Fold
        summary={t('content.password')}
        filled={more.passwordOn || more.wasProtected}
        errors={errors}
        prefixes={['/password']}
      >
        <PasswordSetting {...props} />
      </Fold>
      <Fold summary={t('content.clickId')} filled={more.clickId} errors={errors} prefixes={['/append_click_id']}>
        <ClickIdSetting {...props} />
      </Fold>
    </>
  );
}
