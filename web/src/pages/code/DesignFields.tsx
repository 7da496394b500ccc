// The "Design" fields a code and a brand kit share: module and eye shapes, eye colour, gradient,
// logo (pick one of the workspace's or upload one here) and frame. Messages come by JSON pointer
// from the last save or the live preview, so a problem shows next to its field.
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useCan } from '../../ui/can';
import { ColourInput } from '../../ui/ColourInput';
import { Field, useErrorText, type FieldErrors } from '../../ui/forms';
import { useBrandWrites, useLogos, useLogoUrl } from '../../api/hooks/brand';
import { EYE_SHAPES, FRAME_FONTS, GRADIENT_DIRECTIONS, MODULE_SHAPES, type DesignDraft } from './design-form';
import '../settings/brand.css';

interface Props {
  value: DesignDraft;
  onChange(patch: Partial<DesignDraft>): void;
  /** messages by pointer (/style/module_shape, …) */
  errors: FieldErrors;
  /** what "not set" means here: the renderer's default, or the brand kit's value */
  unsetLabel: string;
}

function ShapeSelect<V extends string>(props: {
  label: string;
  pointer: string;
  errors: FieldErrors;
  value: V | '';
  options: readonly V[];
  unset: string;
  onChange(v: V | ''): void;
}) {
  const { t } = useI18n();
  return (
    <Field label={props.label} pointer={props.pointer} errors={props.errors}>
      {(p) => (
        <select {...p} value={props.value} onChange={(e) => props.onChange(e.target.value as V | '')}>
          <option value="">{props.unset}</option>
          {props.options.map((o) => (
            <option key={o} value={o}>
              {t(`design.option.${o}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Pick a logo of the workspace, or upload a PNG or SVG right here (it joins the library). */
function LogoPicker({ value, onChange, errors, unsetLabel }: Props) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const errorText = useErrorText();
  const logos = useLogos();
  const mayUpload = useCan('codes.write');
  const preview = useLogoUrl(value.logoId || null);
  const fileId = useId();
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ busy: true, error: null, done: null });
    try {
      const logo = await writes.uploadLogo(file);
      onChange({ logoId: logo.id });
      setUpload({ busy: false, error: null, done: t('design.uploaded', { name: logo.name }) });
    } catch (err) {
      setUpload({ busy: false, error: errorText(err), done: null });
    }
  };
  const list = logos.data ?? [];
  const missing = value.logoId && !list.some((l) => l.id === value.logoId);
  return (
    <>
      <div className="row">
        <Field label={t('design.logo')} pointer="/style/logo_id" errors={errors}>
          {(p) => (
            <select {...p} value={value.logoId} onChange={(e) => onChange({ logoId: e.target.value })}>
              <option value="">{unsetLabel}</option>
              {list.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
              {missing ? <option value={value.logoId}>{t('design.logoRemoved')}</option> : null}
            </select>
          )}
        </Field>
        <Field label={t('design.logoSize')} pointer="/style/logo_size" errors={errors} hint={t('design.logoSizeHint')}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              placeholder="20"
              value={value.logoSize}
              onChange={(e) => onChange({ logoSize: e.target.value })}
            />
          )}
        </Field>
        {preview ? (
          <img src={preview} alt={t('design.logoChosen')} width={48} height={48} className="logo-thumb" />
        ) : null}
      </div>
      {mayUpload ? (
        <div className={`field${upload.error ? ' field-invalid' : ''}`}>
          <label htmlFor={fileId}>{t('design.logoUpload')}</label>
          <input
            id={fileId}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            disabled={upload.busy}
            aria-invalid={Boolean(upload.error)}
            aria-describedby={`${fileId}-hint${upload.error ? ` ${fileId}-err` : ''}`}
            data-testid="logo-file"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <small id={`${fileId}-hint`} className="muted">
            {upload.busy ? t('design.uploading') : (upload.done ?? t('design.logoUploadHint'))}
          </small>
          {upload.error ? (
            <small id={`${fileId}-err`} className="field-error" data-pointer="/data" role="alert">
              {upload.error}
            </small>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function DesignFields(props: Props) {
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
