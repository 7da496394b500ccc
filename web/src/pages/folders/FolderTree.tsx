// The folder tree beside the code list (docs/decisions.md D78): all codes, the codes in no folder,
// each folder with its subfolders one level in; the chosen one can be renamed or, when empty, deleted.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useFolders, useFolderWrites, type Folder } from '../../api/hooks/folders';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { NewFolder } from './NewFolder';
import './folders.css';

export function FolderTree() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const chosen = params.get('folder_id') ?? '';
  const folders = useFolders().data ?? [];
  const top = folders.filter((f) => f.parent_id === null).sort((a, b) => a.name.localeCompare(b.name));
  const under = (id: string) => folders.filter((f) => f.parent_id === id).sort((a, b) => a.name.localeCompare(b.name));
  const current = folders.find((f) => f.id === chosen);
  const item = (to: string, label: string, value: string, count?: number) => (
    <Link to={to} aria-current={chosen === value ? 'page' : undefined}>
      {label}
      {count !== undefined ? <span className="folder-count">{t('folders.count', { n: count })}</span> : null}
    </Link>
  );
  const link = (f: Folder) =>
    item(
      `/codes?folder_id=${f.id}`,
      f.kind === 'campaign' ? `${f.name} · ${t('folders.kind.campaign')}` : f.name,
      f.id,
      f.code_count,
    );
  return (
    <nav className="folder-tree" aria-label={t('folders.title')} data-testid="folder-tree">
      <h2>{t('folders.title')}</h2>
      <ul>
        <li>{item('/codes', t('folders.all'), '')}</li>
        <li>{item('/codes?folder_id=none', t('folders.none'), 'none')}</li>
        {top.map((f) => (
          <li key={f.id}>
            {link(f)}
            {under(f.id).length ? (
              <ul>
                {under(f.id).map((s) => (
                  <li key={s.id}>{link(s)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {current ? <FolderActions key={current.id} folder={current} /> : null}
      <NewFolder parents={top} />
    </nav>
  );
}

function FolderActions({ folder }: { folder: Folder }) {
  const { t } = useI18n();
  const writes = useFolderWrites();
  const [, setParams] = useSearchParams();
  const [name, setName] = useState(folder.name);
  const [confirming, setConfirming] = useState(false);
  const rename = useSubmit(() => writes.rename(folder.id, name.trim()));
  const remove = useSubmit(async () => {
    await writes.remove(folder.id);
    setParams({});
  });
  return (
    <div className="folder-actions" data-testid="folder-actions">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void rename.run();
        }}
      >
        <label>
          {t('folders.renameLabel', { name: folder.name })}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <button className="btn" disabled={rename.busy}>
          {t('folders.rename')}
        </button>
      </form>
      <ProblemAlert problem={rename.problem} />
      {confirming ? (
        <p>
          {t('folders.deleteConfirm', { name: folder.name })}{' '}
          <button type="button" className="btn btn-danger" disabled={remove.busy} onClick={() => void remove.run()}>
            {t('app.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('app.cancel')}
          </button>
        </p>
      ) : (
        <button type="button" className="btn" onClick={() => setConfirming(true)}>
          {t('folders.delete')}
        </button>
      )}
      <ProblemAlert problem={remove.problem} />
    </div>
  );
}
