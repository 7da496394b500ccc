// Settings → Logos & brand kits: the workspace's design library (docs/dashboard.md). Everyone who
// may read codes sees it; the buttons that change it follow the server's permission table.
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { BrandKits } from './BrandKits';
import { LogoLibrary } from './LogoLibrary';
import '../team/team.css';

export function Brand() {
  const { t } = useI18n();
  const { me } = useSession();
  const may = useCan('codes.write');
  const ws = me?.workspaces.find((w) => w.id === me.current.workspace_id)?.name ?? '';
  return (
    <section>
      <h1>{t('design.title')}</h1>
      <p className="muted">{t('design.intro', { ws })}</p>
      {may ? null : <p className="muted">{t('design.readOnly')}</p>}
      <LogoLibrary may={may} />
      <BrandKits may={may} />
    </section>
  );
}
