import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';

/** What a person who is not an operator sees at /operator: the page does not exist, as the API says. */
export function NotFound() {
  const { t } = useI18n();
  return (
    <section data-testid="not-found">
      <h1>{t('op.notFound.title')}</h1>
      <p>{t('op.notFound.text')}</p>
      <Link to="/codes">{t('op.notFound.back')}</Link>
    </section>
  );
}
