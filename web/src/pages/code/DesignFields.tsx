// The "Design" fields a code and a brand kit share: module and eye shapes, eye colour, gradient,
// logo (pick one of the workspace's or upload one here) and frame. Messages come by JSON pointer
// from the last save or the live preview, so a problem shows next to its field.
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ColourInput } from '../../ui/ColourInput';
import { Field } from '../../ui/forms';
import { FRAME_FONTS, GRADIENT_DIRECTIONS, EYE_SHAPES, MODULE_SHAPES, type DesignDraft } from './design-form';
import { LogoPicker } from './design/LogoPicker';
import type { DesignFieldsProps } from './design/props';
import { ShapeSelect } from './design/ShapeSelect';
import '../settings/brand.css';

export function DesignFields(props: DesignFieldsProps) {
  const { t } = useI18n();
  const { value: v, onChange, errors: f, unsetLabel } = props;
  const colour = (label: MessageKey, pointer: string, key: keyof DesignDraft, hint?: MessageKey) => (
    <Field label={t(label)} pointer={pointer} errors={f} hint={hint ? t(hint) : undefined}>
      {(p) => (
        <ColourInput
          {...p}
          label={t(label)}
          unset={key === 'frameTextColor' ? '#ffffff' : '#000000'}
          value={v[key]}
          onChange={(value) => onChange({ [key]: value })}
        />
      )}
    </Field>
  );
  return (
    <div className="design-fields">
      <div className="row">
        <ShapeSelect
          label={t('design.modules')}
          pointer="/style/module_shape"
          errors={f}
          value={v.moduleShape}
          options={MODULE_SHAPES}
          unset={unsetLabel}
          onChange={(moduleShape) => onChange({ moduleShape })}
        />
        <ShapeSelect
          label={t('design.eyes')}
          pointer="/style/eye_shape"
          errors={f}
          value={v.eyeShape}
          options={EYE_SHAPES}
          unset={unsetLabel}
          onChange={(eyeShape) => onChange({ eyeShape })}
        />
        {colour('design.eyeColor', '/style/eye_color', 'eyeColor', 'design.eyeColorHint')}
      </div>
      <div className="row">
        {colour('design.gradientTo', '/style/gradient/to', 'gradientTo', 'design.gradientHint')}
        <Field label={t('design.gradientDirection')} pointer="/style/gradient/direction" errors={f}>
          {(p) => (
            <select
              {...p}
              value={v.gradientDirection}
              onChange={(e) => onChange({ gradientDirection: e.target.value as DesignDraft['gradientDirection'] })}
            >
              {GRADIENT_DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`design.option.${d}` as MessageKey)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <LogoPicker {...props} />
      <div className="row">
        <Field label={t('design.frameText')} pointer="/style/frame/text" errors={f} hint={t('design.frameTextHint')}>
          {(p) => (
            <input
              {...p}
              maxLength={40}
              value={v.frameText}
              onChange={(e) => onChange({ frameText: e.target.value })}
            />
          )}
        </Field>
        <ShapeSelect
          label={t('design.frameFont')}
          pointer="/style/frame/font"
          errors={f}
          value={v.frameFont}
          options={FRAME_FONTS}
          unset={t('design.fontDefault')}
          onChange={(frameFont) => onChange({ frameFont })}
        />
      </div>
      <div className="row">
        {colour('design.frameColor', '/style/frame/color', 'frameColor', 'design.frameColorHint')}
        {colour('design.frameTextColor', '/style/frame/text_color', 'frameTextColor', 'design.frameTextColorHint')}
      </div>
    </div>
  );
}
