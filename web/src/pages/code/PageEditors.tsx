// The editors of the newer hosted pages (docs/decisions.md D82): a menu's sections and items with
// prices and allergens, an event's start and end in a time zone, a social page's profiles, and a
// live preview of the page's words. Loaded lazily: only someone making such a page downloads it.
import { EventEditor } from './page-editors/EventEditor';
import { MenuEditor } from './page-editors/MenuEditor';
import { PagePreview } from './page-editors/PagePreview';
import type { PageEditorProps } from './page-editors/props';
import { SocialEditor } from './page-editors/SocialEditor';

export default function PageEditors(props: PageEditorProps) {
  return (
    <>
      {props.type === 'menu' ? <MenuEditor {...props} /> : null}
      {props.type === 'event' ? <EventEditor {...props} /> : null}
      {props.type === 'social' ? <SocialEditor {...props} /> : null}
      <PagePreview {...props} />
    </>
  );
}
