import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { AuditEntries } from './AuditEntries';
import type { AuditResourceType } from '../../api/client';
import './team.css';

// In the order the filter offers them. The compiler holds this list to the SDK's both ways: a type
// the API drops fails `satisfies`, and one it adds fails `AllListed`.
const TYPES = [
  'codes',
  'api_keys',
  'webhooks',
  'workspaces',
  'organizations',
  'comments',
  'dpp',
  'gs1_prefixes',
  'files',
  'logos',
  'brand_kits',
  'folders',
] as const satisfies readonly AuditResourceType[];
type AllListed = Exclude<AuditResourceType, (typeof TYPES)[number]> extends never ? true : never;
const allListed: AllListed = true;
void allListed;
const FIELDS = ['resource_type', 'action', 'resource_id', 'actor'] as const;

export function Audit() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const [draft, setDraft] = useState(applied);
  const set = (f: (typeof FIELDS)[number]) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [f]: e.target.value }));
  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <form
        className="filters"
        aria-label={t('audit.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
        }}
      >
        <label>
          {t('audit.resourceType')}
          <select value={draft.resource_type} onChange={set('resource_type')}>
            <option value="">{t('audit.any')}</option>
            {TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`words.type.${x}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.action')}
          <input value={draft.action} placeholder="codes.updated" onChange={set('action')} />
        </label>
        <label>
          {t('audit.resourceId')}
          <input value={draft.resource_id} onChange={set('resource_id')} />
        </label>
        <label>
          {t('audit.actor')}
          <input value={draft.actor} placeholder="usr_…" onChange={set('actor')} />
        </label>
        <button className="btn">{t('audit.apply')}</button>
      </form>
      <AuditEntries
        filter={{
          resource_type: applied.resource_type || undefined,
          action: applied.action.trim() || undefined,
          resource_id: applied.resource_id.trim() || undefined,
          actor_id: applied.actor.trim() || undefined,
        }}
      />
    </section>
  );
}
