import { useI18n } from '../../i18n/i18n';
import { Field } from '../../ui/forms';
import { TARGETS, type ColumnMapping as Mapping } from './batch-rows';

/** Which CSV column fills a code's URL, title and tags. */
export function ColumnMapping({
  header,
  mapping,
  onChange,
}: {
  header: string[];
  mapping: Mapping;
  onChange(mapping: Mapping): void;
}) {
  const { t } = useI18n();
  return (
    <div className="row">
      {TARGETS.map((target) => (
        <Field key={target} label={t(`batch.field.${target}`)}>
          {(p) => (
            <select
              {...p}
              value={mapping[target]}
              onChange={(e) => onChange({ ...mapping, [target]: Number(e.target.value) })}
            >
              <option value={-1}>{t('batch.ignore')}</option>
              {header.map((h, i) => (
                <option key={i} value={i}>
                  {h}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </div>
  );
}
