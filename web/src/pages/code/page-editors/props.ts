import type { MoreProps } from '../ShortCodeField';

/** What the page editors get: the draft's page parts, and the type and flat content they belong to. */
export type PageEditorProps = MoreProps & { type: string; content: Record<string, string> };
