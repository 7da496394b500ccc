// The content parts of issue #28 the flat field list cannot show: the dynamic switch of hosted
// pages, a link list and a PDF upload (docs/dashboard.md, "Content pages, short codes and routing").
import { lazy, Suspense } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { Draft } from '../code-form';
import type { EditorForm } from './editor-form';
import { isPageOnly, isPageType } from './content-draft';
import { LinkList } from './LinkList';
import { PdfUpload } from './PdfUpload';

/** vcard and text may be hosted pages; links, pdf and app always are; other content is static. */
export function PageSwitch(props: { type: string; mode: 'create' | 'update'; form: EditorForm }) {
  const { t } = useI18n();
  if (isPageOnly(props.type)) return <p className="muted small">{t('content.alwaysHosted')}</p>;
  if (!isPageType(props.type)) return <p className="muted small">{t('content.staticNote')}</p>;
  return (
    <div className="field check">
      <label>
        <input type="checkbox" disabled={props.mode === 'update'} {...props.form.register('dynamic')} />{' '}
        {t('content.hosted')}
      </label>
    </div>
  );
}

/** Menu, coupon, event and social pages (docs/decisions.md D82): their own chunk, fetched when chosen. */
const PageEditors = lazy(() => import('./PageEditors'));
const NEWER_PAGES = ['menu', 'coupon', 'event', 'social'];

export function ContentExtras({
  type,
  content,
  ...props
}: {
  type: string;
  /** the flat fields, for the page's preview */
  content: Record<string, string>;
  form: EditorForm;
  draft: Draft;
}) {
  const { t } = useI18n();
  if (type === 'links') return <LinkList {...props} />;
  if (type === 'pdf') return <PdfUpload {...props} />;
  if (NEWER_PAGES.includes(type))
    return (
      <Suspense fallback={<p>{t('app.loading')}</p>}>
        <PageEditors type={type} content={content} {...props} />
      </Suspense>
    );
  return null;
}
