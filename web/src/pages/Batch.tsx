import { useI18n } from '../i18n/i18n';
import { lazyForm } from '../ui/lazy-form';

// react-hook-form stays out of the first load (ui/lazy-form.tsx).
const BatchForm = lazyForm(() => import('./batch/BatchForm').then((m) => m.BatchForm));

/** Many URL codes at once from a CSV file: its columns mapped, its rows previewed, then created together. */
export function Batch() {
  const { t } = useI18n();
  return (
    <section>
      <h1>{t('batch.title')}</h1>
      <BatchForm />
    </section>
  );
}
