import { useParams } from 'react-router';
import { useI18n } from '../i18n/i18n';
import { useCode } from '../api/hooks/codes/use-code';
import { ProblemAlert, queryProblem } from '../ui/forms';
import { lazyForm } from '../ui/lazy-form';
import { Downloads } from './code/CodeDownloads';

// react-hook-form stays out of the first load (ui/lazy-form.tsx).
const CodeEditForm = lazyForm(() => import('./code/CodeEditForm').then((m) => m.CodeEditForm));

/** A new code, or a saved one's editor: the form starts from the code as loaded. */
export function CodeEdit() {
  const { id } = useParams();
  const mode = id ? 'update' : 'create';
  const { t } = useI18n();
  const existing = useCode(id);
  const problem = queryProblem(existing);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  if (id && !existing.data) return <p>{t('app.loading')}</p>;
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <h1>{mode === 'create' ? t('edit.createTitle') : t('edit.editTitle')}</h1>
      {existing.data ? <Downloads code={existing.data} /> : null}
      <CodeEditForm key={id ?? 'new'} mode={mode} code={existing.data} />
    </section>
  );
}
