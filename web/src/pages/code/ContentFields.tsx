// The content parts of issue #28 the flat field list cannot show: the dynamic switch of hosted
// pages, a link list and a PDF upload (docs/dashboard.md, "Content pages, short codes and routing").
import { useI18n } from '../../i18n/i18n';
import { isPageOnly, isPageType } from './content-draft';
import { LinkList } from './LinkList';
import { PdfUpload } from './PdfUpload';
import type { MoreProps } from './ShortCodeField';

/** vcard and text may be hosted pages; links, pdf and app always are; other content is static. */
export function PageSwitch(props: {
  type: string;
  dynamic: boolean;
  mode: 'create' | 'update';
  onDynamic: (dynamic: boolean) => void;
}) {
  const { t } = useI18n();
  if (isPageOnly(props.type)) return <p className="muted small">{t('content.alwaysHosted')}</p>;
  if (!isPageType(props.type)) return <p className="muted small">{t('content.staticNote')}</p>;
  return (
    <div className="field check">
      <label>
        <input
          type="checkbox"
          checked={props.dynamic}
          disabled={props.mode === 'update'}
          onChange={(e) => props.onDynamic(e.target.checked)}
        />{' '}
        {t('content.hosted')}
      </label>
    </div>
  );
}

export function ContentExtras({ type, ...props }: MoreProps & { type: string }) {
  if (type === 'links') return <LinkList {...props} />;
  if (type === 'pdf') return <PdfUpload {...props} />;
  return null;
}
