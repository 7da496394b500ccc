// The server's validator on the draft as the user types (debounced), the problems of a refused
// save mapped to their fields, and which of them the editor shows (visible-issues.ts).
import { useEffect, useMemo, useState } from 'react';
import { usePassportCheck } from '../../../api/hooks/passports/use-passport-check';
import { usePassportRequired } from '../../../api/hooks/passports/use-passport-required';
import { useI18n } from '../../../i18n/i18n';
import type { FieldProblem } from '../../../ui/problem-message';
import type { Issue } from '../contract-schema';
import { visibleIssues, type Seen } from './visible-issues';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

export function useChecked(body: unknown, category: string, seen: Seen, refused: Record<string, FieldProblem>) {
  const { t } = useI18n();
  const check = usePassportCheck(useDebounced(body, 400));
  // Required attributes: what the validator calls missing in an empty passport of this category.
  const requiredQ = usePassportRequired(category);
  const required = useMemo(
    () => new Set((requiredQ.data?.errors ?? []).filter((i) => i.code === 'required').map((i) => i.path)),
    [requiredQ.data],
  );
  const all = useMemo(() => {
    const checked = [...(check.data?.errors ?? []), ...(check.data?.warnings ?? [])] as Issue[];
    // The save's own answer (a problem document) names fields the last check may not have judged yet.
    const fromSave = Object.values(refused)
      .filter((f) => !checked.some((i) => i.path === f.pointer && i.code === f.code))
      .map((f): Issue => ({ path: f.pointer, code: f.code, message: f.detail, severity: 'error' }));
    return [...checked, ...fromSave];
  }, [check.data, refused]);
  const shown = useMemo(() => visibleIssues(all, seen), [all, seen]);
  const errors = shown.filter((i) => i.severity === 'error').length;
  const summary = !check.data
    ? t('app.loading')
    : check.data.valid
      ? t('dpp.valid', { w: check.data.summary.warnings })
      : errors
        ? t('dpp.invalid', { e: errors, w: shown.length - errors })
        : '';
  return { all, shown, required, summary };
}
