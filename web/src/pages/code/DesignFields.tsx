// The "Design" fields a code and a brand kit share: module and eye shapes, eye colour, gradient,
// logo (pick one of the workspace's or upload one here) and frame. Each is a field of the form at
// the body's name (`style.frame.text`), so the save's errors, and the live preview's, show beside it.
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { FRAME_FONTS, GRADIENT_DIRECTIONS, EYE_SHAPES, MODULE_SHAPES } from './design-form';
import { DesignColour } from './design/DesignColour';
import { LogoPicker } from './design/LogoPicker';
import type { DesignFieldsProps } from './design/props';
import { ShapeSelect } from './design/ShapeSelect';
import '../settings/brand.css';

export function DesignFields(props: DesignFieldsProps) {
  const { t } = useI18n();
  const { form, unsetLabel } = props;
  return (
    <div className="design-fields">
      <div className="row">
        <ShapeSelect
          form={form}
          label={t('design.modules')}
          name="style.module_shape"
          options={MODULE_SHAPES}
          unset={unsetLabel}
        />
        <ShapeSelect
          form={form}
          label={t('design.eyes')}
          name="style.eye_shape"
          options={EYE_SHAPES}
          unset={unsetLabel}
        />
        <DesignColour form={form} name="style.eye_color" label={t('design.eyeColor')} hint={t('design.eyeColorHint')} />
      </div>
      <div className="row">
        <DesignColour
          form={form}
          name="style.gradient.to"
          label={t('design.gradientTo')}
          hint={t('design.gradientHint')}
        />
        <ShapeSelect
          form={form}
          label={t('design.gradientDirection')}
          name="style.gradient.direction"
          options={GRADIENT_DIRECTIONS}
        />
      </div>
      <LogoPicker {...props} />
      <div className="row">
        <FormField form={form} name="style.frame.text" label={t('design.frameText')} hint={t('design.frameTextHint')}>
          {(p) => <input {...p} maxLength={40} />}
        </FormField>
        <ShapeSelect
          form={form}
          label={t('design.frameFont')}
          name="style.frame.font"
          options={FRAME_FONTS}
          unset={t('design.fontDefault')}
        />
      </div>
      <div className="row">
        <DesignColour
          form={form}
          name="style.frame.color"
          label={t('design.frameColor')}
          hint={t('design.frameColorHint')}
        />
        <DesignColour
          form={form}
          name="style.frame.text_color"
          label={t('design.frameTextColor')}
          hint={t('design.frameTextColorHint')}
        />
      </div>
    </div>
  );
}
