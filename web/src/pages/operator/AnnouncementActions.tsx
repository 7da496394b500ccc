import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useErrorText } from '../../ui/forms';
import {
  usePublishAnnouncement,
  useWithdrawAnnouncement,
  type OperatorAnnouncement,
} from '../../api/hooks/operatorAnnouncements';

interface Props {
  a: OperatorAnnouncement;
  onPreview: () => void;
  onEdit: () => void;
  onDone: (text: string) => void;
}

/** One announcement's actions: preview, edit and publish while it may change, withdraw (confirmed). */
export function AnnouncementActions({ a, onPreview, onEdit, onDone }: Props) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const publish = usePublishAnnouncement();
  const withdraw = useWithdrawAnnouncement();
  const [confirming, setConfirming] = useState(false);
  const words = { title: a.title };
  const editable = a.status === 'draft' || a.status === 'scheduled';
  const live = a.status === 'live' || a.status === 'scheduled';
  const error = publish.error ?? withdraw.error;
  return (
    <div className="operator-actions">
      <button type="button" className="btn btn-small" onClick={onPreview}>
        {t('opa.preview', words)}
      </button>{' '}
      {editable ? (
        <button type="button" className="btn btn-small" onClick={onEdit}>
          {t('opa.edit', words)}
        </button>
      ) : null}{' '}
      {a.status === 'draft' ? (
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={publish.isPending}
          onClick={() =>
            void publish
              .mutateAsync(a.id)
              .then((r) => onDone(t(r.status === 'scheduled' ? 'opa.scheduled' : 'opa.published', words)))
              .catch(() => undefined)
          }
        >
          {t('opa.publish', words)}
        </button>
      ) : null}{' '}
      {live ? (
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={confirming}
          onClick={() => setConfirming((c) => !c)}
        >
          {t('opa.withdraw', words)}
        </button>
      ) : null}
      {confirming ? (
        <p>
          {t('opa.withdraw.question', words)}{' '}
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={withdraw.isPending}
            onClick={() =>
              void withdraw
                .mutateAsync(a.id)
                .then(() => {
                  setConfirming(false);
                  onDone(t('opa.withdrawn', words));
                })
                .catch(() => undefined)
            }
          >
            {t('opa.withdraw.confirm')}
          </button>
        </p>
      ) : null}
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </div>
  );
}
