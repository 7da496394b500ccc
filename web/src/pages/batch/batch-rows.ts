// A CSV's rows as the codes of a batch: which column holds what, guessed from the header.

export const TARGETS = ['url', 'title', 'tags'] as const;
export type Target = (typeof TARGETS)[number];
export type ColumnMapping = Record<Target, number>;

/** The columns named url or destination, title or name, and tags; -1 where none is. */
export function guessMapping(header: string[]): ColumnMapping {
  const h = header.map((s) => s.trim().toLowerCase());
  return {
    url: h.findIndex((x) => x === 'url' || x === 'destination'),
    title: h.findIndex((x) => x === 'title' || x === 'name'),
    tags: h.findIndex((x) => x === 'tags'),
  };
}

/** A URL code per data row; tags are separated by '|'. */
export function codesOf(data: string[][], mapping: ColumnMapping, dynamic: boolean) {
  return data.map((r) => ({
    type: 'url',
    dynamic,
    url: mapping.url >= 0 ? (r[mapping.url] ?? '').trim() : '',
    ...(mapping.title >= 0 && r[mapping.title]?.trim() ? { title: r[mapping.title].trim() } : {}),
    ...(mapping.tags >= 0 && r[mapping.tags]?.trim()
      ? {
          tags: r[mapping.tags]
            .split('|')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
  }));
}

export type BatchCode = ReturnType<typeof codesOf>[number];
