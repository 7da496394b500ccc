// An optional part of the code editor. On a phone a long form hid the preview and the Create button
// below 4,000 px of sections most codes never use, so there each optional section starts folded
// unless it holds a value, and opens by itself when a message lands in it. On a wider screen every
// section stays open, as before.
import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { FieldErrors } from '../../ui/forms';
import { useIsPhone } from '../../ui/media';
import './fold.css';

interface FoldProps {
  /** the section's name, as its legend says it */
  summary: string;
  /** whether the section holds a value: then it starts open */
  filled: boolean;
  /** messages by pointer; one under a prefix opens the section */
  errors: FieldErrors;
  prefixes: readonly string[];
  children: ReactNode;
}

export function Fold({ summary, filled, errors, prefixes, children }: FoldProps) {
  const { t } = useI18n();
  const phone = useIsPhone();
  const flagged = Object.keys(errors).some((k) => prefixes.some((p) => k === p || k.startsWith(`${p}/`)));
  const [open, setOpen] = useState(filled);
  useEffect(() => {
    if (flagged) setOpen(true);
  }, [flagged]);
  if (!phone) return <>{children}</>;
  return (
    <details className="fold" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {summary}
        {filled ? <span className="fold-set">{t('extras.fold.set')}</span> : null}
      </summary>
      {children}
    </details>
  );
}
