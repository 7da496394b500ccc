import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useCodeDownloads } from '../api/hooks/codes/use-code-downloads';
import { useCodeThumbnails } from '../api/hooks/codes/use-code-thumbnails';
import { useCodes } from '../api/hooks/codes/use-codes';
import { ProblemAlert, saveBlob, useSubmit } from '../ui/forms';
import { FilterPopover } from '../ui/FilterPopover';
import { useIsPhone } from '../ui/media';
import { CodeFilterForm } from './code-list/CodeFilterForm';
import { CodesTable } from './code-list/CodesTable';
import { FolderTree } from './folders/FolderTree';
import { MoveToFolder } from './folders/MoveToFolder';

export function Codes() {
  const { t } = useI18n();
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
  const downloads = useCodeDownloads();
  const exportPdf = useSubmit(async () => {
    const blob = await downloads.exportPdf(selected);
    saveBlob(blob, `qr-codes-${new Date().toISOString().slice(0, 10)}.pdf`);
  });
  const apply = () =>
    setParams(Object.fromEntries(Object.entries({ ...draft, folder_id: filters.folder_id }).filter(([, v]) => v)));
  const filterForm = (close: () => void) => (
    <CodeFilterForm
      draft={draft}
      setDraft={setDraft}
      onApply={() => {
        close();
        apply();
      }}
    />
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
            <CodesTable codes={codes} thumbs={thumbs} selected={selected} setSelected={setSelected} />
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
