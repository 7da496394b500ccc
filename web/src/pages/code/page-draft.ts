// The editor state of the newer hosted pages (docs/decisions.md D82): a menu's sections and
// items, an event's start and end in a chosen time zone, and a social page's profiles. Inputs stay
// strings while the user types; the API names whatever is wrong at its pointer.

export interface MenuItemDraft {
  name: string;
  description: string;
  price: string;
  allergens: string[];
}
export interface MenuSectionDraft {
  name: string;
  items: MenuItemDraft[];
}
export interface ProfileDraft {
  network: string;
  url: string;
  label: string;
}
export interface LinkDraft {
  label: string;
  url: string;
}
/**
 * The content members the flat fields cannot hold, named as in the body so the API's pointers
 * land on their inputs (`/content/links/0/url` is `content.links.0.url`): lists, an event's start
 * and end (wall time in the chosen zone, "YYYY-MM-DDTHH:mm") and a PDF page's file.
 */
export interface PageContent {
  links: LinkDraft[];
  sections: MenuSectionDraft[];
  profiles: ProfileDraft[];
  starts_at: string;
  ends_at: string;
  file_id: string;
}

export const emptyItem = (): MenuItemDraft => ({ name: '', description: '', price: '', allergens: [] });
export const emptySection = (): MenuSectionDraft => ({ name: '', items: [emptyItem()] });
export const emptyProfile = (): ProfileDraft => ({ network: 'instagram', url: '', label: '' });
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const emptyPage = (type: string): PageContent => ({
  links: type === 'links' ? [{ label: '', url: '' }] : [],
  sections: type === 'menu' ? [emptySection()] : [],
  profiles: type === 'social' ? [emptyProfile()] : [],
  starts_at: '',
  ends_at: '',
  file_id: '',
});

/** Minutes east of UTC that `zone` is at the instant `ms`. */
export function zoneOffset(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A wall time in a zone as RFC 3339 with that zone's offset then, the form the API wants. */
export function rfc3339(wall: string, zone: string): string {
  if (!WALL.test(wall)) return wall;
  const naive = Date.parse(`${wall}:00Z`);
  let offset: number;
  try {
    offset = zoneOffset(zone, naive);
    offset = zoneOffset(zone, naive - offset * 60000);
  } catch {
    return wall;
  }
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall}:00${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as the wall time of `zone`, for the editor's inputs. */
export function wallOf(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return new Date(ms + zoneOffset(zone, ms) * 60000).toISOString().slice(0, 16);
}

/** "4,50" and "4.50" alike; anything else goes as typed so the API names it. */
export function priceOf(s: string): number | string {
  const t = s.trim().replace(',', '.');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : s;
}

interface Stored {
  links?: LinkDraft[];
  sections?: Array<{
    name: string;
    items: Array<{ name: string; description?: string; price?: number; allergens?: string[] }>;
  }>;
  starts_at?: string;
  ends_at?: string;
  profiles?: Array<{ network: string; url: string; label?: string }>;
  file_id?: string;
}

/** A saved code's page content as the editor holds it; times as wall times of `zone`. */
export function pageOf(type: string, content: unknown, zone: string): PageContent {
  const c = (content ?? {}) as Stored;
  const page = emptyPage(type);
  return {
    links: c.links?.map((l) => ({ label: l.label, url: l.url })) ?? page.links,
    sections:
      c.sections?.map((s) => ({
        name: s.name,
        items: s.items.map((i) => ({
          name: i.name,
          description: i.description ?? '',
          price: i.price == null ? '' : String(i.price),
          allergens: [...(i.allergens ?? [])],
        })),
      })) ?? page.sections,
    profiles: c.profiles?.map((p) => ({ network: p.network, url: p.url, label: p.label ?? '' })) ?? page.profiles,
    starts_at: c.starts_at ? wallOf(c.starts_at, zone) : '',
    ends_at: c.ends_at ? wallOf(c.ends_at, zone) : '',
    file_id: c.file_id ?? '',
  };
}

/** The parts of `content` the flat fields cannot hold; an empty optional input is left out. */
export function pageContent(type: string, p: PageContent, zone: string): Record<string, unknown> {
  if (type === 'links') return { links: p.links };
  if (type === 'pdf') return p.file_id ? { file_id: p.file_id } : {};
  if (type === 'menu')
    return {
      sections: p.sections.map((s) => ({
        name: s.name,
        items: s.items.map((i) => ({
          name: i.name,
          ...(i.description.trim() ? { description: i.description } : {}),
          ...(i.price.trim() ? { price: priceOf(i.price) } : {}),
          ...(i.allergens.length ? { allergens: i.allergens } : {}),
        })),
      })),
    };
  if (type === 'event')
    return {
      ...(p.starts_at ? { starts_at: rfc3339(p.starts_at, zone) } : {}),
      ...(p.ends_at ? { ends_at: rfc3339(p.ends_at, zone) } : {}),
    };
  if (type === 'social')
    return {
      profiles: p.profiles.map((x) => ({
        network: x.network,
        url: x.url,
        ...(x.label.trim() ? { label: x.label } : {}),
      })),
    };
  return {};
}
