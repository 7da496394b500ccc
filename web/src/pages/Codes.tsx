import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useCodeDownloads } from '../api/hooks/codes/use-code-downloads';
import { useCodeThumbnails } from '../api/hooks/codes/use-code-thumbnails';
import { useCodes } from '../api/hooks/codes/use-codes';
import { ProblemAlert, saveBlob, useSubmit } from '../ui/forms';
import { SvgImage } from '../ui/QrImage';
import { FilterPopover } from '../ui/FilterPopover';
import { useIsPhone } from '../ui/media';
import { summaryOf } from './code-summary';
import { FolderTree } from './folders/FolderTree';
import { MoveToFolder } from './folders/MoveToFolder';

export const CODE_TYPES = [
  'url',
  'text',
  'email',
  'phone',
  'sms',
  'wifi',
  'vcard',
  'geo',
  'links',
  'pdf',
  'app',
  'menu',
  'coupon',
  'event',
  'social',
] as const;
export const CODE_STATUSES = ['active', 'paused', 'pending_approval', 'rejected', 'expired'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

export function Codes() {
  const { t, fmtNumber } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    tag: params.get('tag') ?? '',
    folder_id: params.get('folder_id') ?? '',
  };
  const [draft, setDraft] = useState(filters);
  const phone = useIsPhone();
  const list = useCodes(filters);
  const codes = list.data?.pages.flatMap((p) => p.data) ?? [];
  // One thumbnails request per page of 25 rows, not one image request per row.
  const thumbPages = useCodeThumbnails(list.data?.pages ?? []);
  const thumbs = new Map(thumbPages.flatMap((q) => q.data ?? []).map((x) => [x.id, x.svg]));
  const total = list.data?.pages[0]?.meta.pagination.total_count ?? 0;
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const downloads = useCodeDownloads();
  const exportPdf = useSubmit(async () => {
    const blob = await downloads.exportPdf(selected);
    saveBlob(blob, `qr-codes-${new Date().toISOString().slice(0, 10)}.pdf`);
  });
  const filterForm = (close: () => void) => (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        close();
        setParams(Object.fromEntries(Object.entries({ ...draft, folder_id: filters.folder_id }).filter(([, v]) => v)));
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
  return (
    <section>
      <div className="page-head">
        <h1>{t('codes.title')}</h1>
        <Link className="btn btn-primary" to="/codes/new">
          {t('codes.new')}
        </Link>
      </div>
      <div className="codes-with-folders">
        <FolderTree />
        <div>
          {phone ? (
            <FilterPopover active={Object.values(filters).filter(Boolean).length}>{filterForm}</FilterPopover>
          ) : (
            filterForm(() => undefined)
          )}
          {list.error instanceof ApiError ? <ProblemAlert problem={list.error.problem} /> : null}
          <div className="toolbar">
            <span aria-live="polite">{t('codes.selected', { n: selected.length })}</span>
            <button
              type="button"
              className="btn"
              disabled={!selected.length || exportPdf.busy}
              onClick={() => void exportPdf.run()}
            >
              {t('codes.export')}
            </button>
            <MoveToFolder codeIds={selected} onMoved={() => setSelected([])} />
          </div>
          <ProblemAlert problem={exportPdf.problem} />
          {list.isPending ? (
            <p>{t('app.loading')}</p>
          ) : codes.length === 0 && !Object.values(filters).some(Boolean) ? (
            <div className="empty-first" data-testid="empty-first">
              <p>{t('codes.emptyFirst')}</p>
              <Link className="btn btn-primary" to="/codes/new">
                {t('codes.createFirst')}
              </Link>
            </div>
          ) : codes.length === 0 ? (
            <p>{t('codes.empty')}</p>
          ) : (
            <table className="table codes">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('codes.selectAll')}
                      checked={codes.length > 0 && codes.every((c) => selected.includes(c.id))}
                      onChange={(e) => setSelected(e.target.checked ? codes.map((c) => c.id) : [])}
                    />
                  </th>
                  <th scope="col">
                    <span className="sr-only">QR</span>
                  </th>
                  <th scope="col">{t('codes.colTitle')}</th>
                  <th scope="col">{t('codes.type')}</th>
                  <th scope="col">{t('codes.status')}</th>
                  <th scope="col">{t('codes.colDest')}</th>
                  <th scope="col">{t('codes.colScans')}</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((c) => {
                  const title = c.title || t('codes.untitled');
                  return (
                    <tr key={c.id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('codes.select', { title })}
                          checked={selected.includes(c.id)}
                          onChange={() => toggle(c.id)}
                        />
                      </td>
                      <td>
                        <SvgImage svg={thumbs.get(c.id)} alt={t('codes.qrOf', { title })} size={48} />
                      </td>
                      <td>
                        <Link to={`/codes/${c.id}`}>{title}</Link>
                        {c.tags.length ? (
                          <div className="tags">
                            {c.tags.map((g) => (
                              <span key={g} className="badge">
                                {g}
                              </span>
                            ))}
                          </div>
                        ) : null}
                      </td>
                      <td data-label={t('codes.type')}>{t(`type.${c.type}` as MessageKey)}</td>
                      <td data-label={t('codes.status')}>
                        <span className={`status status-${c.status}`}>{t(`status.${c.status}` as MessageKey)}</span>
                      </td>
                      <td className="ellipsis" data-label={t('codes.colDest')}>
                        {summaryOf(c) || t('app.none')}
                      </td>
                      <td data-label={t('codes.colScans')}>{fmtNumber(c.scan_count)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <p className="muted">{t('codes.count', { shown: codes.length, total })}</p>
          {list.hasNextPage ? (
            <button
              type="button"
              className="btn"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('codes.more')}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
