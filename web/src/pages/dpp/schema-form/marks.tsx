// What a field of the generated form shows besides its control: who may read it, and its issues.
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { issueMessage } from '../../../ui/problem-message';
import type { Issue } from '../contract-schema';

export function AccessTag({ level }: { level?: string }) {
  const { t } = useI18n();
  if (!level) return null;
  return <span className={`access access-${level}`}>{t(`dpp.access.${level}` as MessageKey)}</span>;
}

export function IssuesAt({ path, issues, label }: { path: string; issues: Issue[]; label?: string }) {
  const { t, fmt, lang } = useI18n();
  const mine = issues.filter((i) => i.path === path);
  if (!mine.length) return null;
  return (
    <>
      {mine.map((i) => (
        <small
          key={i.code + i.message}
          className={i.severity === 'error' ? 'field-error' : 'field-warn'}
          data-path={path}
        >
          {issueMessage(i, { t, fmt, lang }, label)}
        </small>
      ))}
    </>
  );
}
