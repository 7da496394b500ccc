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
export interface EventDraft {
  /** wall time in `zone`, "YYYY-MM-DDTHH:mm" */
  startsAt: string;
  endsAt: string;
  zone: string;
}
export interface ProfileDraft {
  network: string;
  url: string;
  label: string;
}
export interface PageDraft {
  sections: MenuSectionDraft[];
  event: EventDraft;
  profiles: ProfileDraft[];
}

export const emptyItem = (): MenuItemDraft => ({ name: '', description: '', price: '', allergens: [] });
export const emptySection = (): MenuSectionDraft => ({ name: '', items: [emptyItem()] });
export const emptyProfile = (): ProfileDraft => ({ network: 'instagram', url: '', label: '' });
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const emptyPage = (type: string): PageDraft => ({
  sections: type === 'menu' ? [emptySection()] : [],
  event: { startsAt: '', endsAt: '', zone: browserZone() },
  profiles: type === 'social' ? [emptyProfile()] : [],
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
  sections?: Array<{
    name: string;
    items: Array<{ name: string; description?: string; price?: number; allergens?: string[] }>;
  }>;
  starts_at?: string;
  ends_at?: string;
  profiles?: Array<{ network: string; url: string; label?: string }>;
}

export function pageOf(type: string, content: unknown): PageDraft {
  const c = (content ?? {}) as Stored;
  const page = emptyPage(type);
  const zone = page.event.zone;
  return {
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
    event: {
      startsAt: c.starts_at ? wallOf(c.starts_at, zone) : '',
      endsAt: c.ends_at ? wallOf(c.ends_at, zone) : '',
      zone,
    },
    profiles: c.profiles?.map((p) => ({ network: p.network, url: p.url, label: p.label ?? '' })) ?? page.profiles,
  };
}

/** The parts of `content` the flat fields cannot hold; an empty optional input is left out. */
export function pageContent(type: string, p: PageDraft): Record<string, unknown> {
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
      ...(p.event.startsAt ? { starts_at: rfc3339(p.event.startsAt, p.event.zone) } : {}),
      ...(p.event.endsAt ? { ends_at: rfc3339(p.event.endsAt, p.event.zone) } : {}),
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
