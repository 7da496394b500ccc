import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import type { CodeFilters } from '../../api/hooks/codes/use-codes';
import { CODE_STATUSES, CODE_TYPES } from '../code-types';

/** The list's search and filters as typed, applied on submit. */
export function CodeFilterForm({
  draft,
  setDraft,
  onApply,
}: {
  draft: CodeFilters;
  setDraft(draft: CodeFilters): void;
  onApply(): void;
}) {
  const { t } = useI18n();
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <label>
        {t('codes.search')}
        <input
          type="search"
          aria-label={t('codes.search')}
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
      </label>
      <label>
        {t('codes.type')}
        <select
          aria-label={t('codes.type')}
          value={draft.type}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
        >
          <option value="">{t('codes.all')}</option>
          {CODE_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`type.${c}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('codes.status')}
        <select
          aria-label={t('codes.status')}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value })}
        >
          <option value="">{t('codes.all')}</option>
          {CODE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('codes.tag')}
        <input
          aria-label={t('codes.tag')}
          value={draft.tag}
          onChange={(e) => setDraft({ ...draft, tag: e.target.value })}
        />
      </label>
      <button className="btn">{t('codes.filter')}</button>
    </form>
  );
}
