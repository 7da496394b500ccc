import { useI18n } from '../../i18n/i18n';
import { useErrorText } from '../../ui/forms';
import { useAnnouncementPreview, type AnnouncementPreview } from '../../api/hooks/operatorAnnouncements';

type Lang = 'en' | 'de';

function Banner({ lang, text }: { lang: Lang; text: AnnouncementPreview['banner']['en'] | null }) {
  const { t } = useI18n();
  return (
    <div>
      <h4>{t(`opa.preview.${lang}`)}</h4>
      {text ? (
        <div className="operator-quote" lang={lang} data-testid={`op-preview-banner-${lang}`}>
          <strong>{text.title}</strong>
          <p>{text.body}</p>
          {text.link ? <p className="small">{text.link}</p> : null}
        </div>
      ) : (
        <p className="muted">{t('opa.preview.noGerman')}</p>
      )}
    </div>
  );
}

function Mail({ lang, mail }: { lang: Lang; mail: AnnouncementPreview['mail']['en'] | null }) {
  const { t } = useI18n();
  if (!mail) return null;
  return (
    <div lang={lang} data-testid={`op-preview-mail-${lang}`}>
      <h4>{t(`opa.preview.mail.${lang}`)}</h4>
      <p>
        <strong>{mail.subject}</strong>
      </p>
      <pre className="operator-quote">{mail.text}</pre>
    </div>
  );
}

/** The banner members will see in both languages, and the e-mail API users will get. */
export function AnnouncementPreviewPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const preview = useAnnouncementPreview(id);
  const p = preview.data;
  return (
    <section aria-labelledby="op-preview-head" data-testid="op-announcement-preview">
      <h2 id="op-preview-head">{t('opa.preview.title')}</h2>
      {preview.isPending ? <p>{t('app.loading')}</p> : null}
      {preview.error ? <p role="alert">{errorText(preview.error)}</p> : null}
      {p ? (
        <>
          <h3>{t('opa.preview.banner')}</h3>
          <Banner lang="en" text={p.banner.en} />
          <Banner lang="de" text={p.banner.de} />
          <h3>{t('opa.preview.mail')}</h3>
          {p.email_api_users ? null : <p className="muted">{t('opa.preview.noMail')}</p>}
          <Mail lang="en" mail={p.mail.en} />
          <Mail lang="de" mail={p.mail.de} />
        </>
      ) : null}
      <button type="button" className="btn" onClick={onClose}>
        {t('opa.preview.close')}
      </button>
    </section>
  );
}
