// How far a passport is: its attributes (the leaves of the contract's form) counted per section
// (the top-level members of PassportData, Annex XIII's groups) and filled ones among them.
import { resolve, type SchemaNode } from '../contract-schema';

export interface Section {
  key: string;
  /** Pointers (`/data/…`) of the section's attributes. */
  attributes: string[];
}

function leaves(root: Record<string, SchemaNode>, node: SchemaNode, pointer: string): string[] {
  const n = resolve(root, node) ?? node;
  if (!n.properties) return [pointer];
  return Object.entries(n.properties).flatMap(([k, child]) => leaves(root, child, `${pointer}/${k}`));
}

export function sectionsOf(root: Record<string, SchemaNode>, schema: SchemaNode): Section[] {
  const n = resolve(root, schema) ?? schema;
  return Object.entries(n.properties ?? {}).map(([key, child]) => ({
    key,
    attributes: leaves(root, child, `/data/${key}`),
  }));
}

const valueAt = (data: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(2)
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);

/** How many of the attributes have a value. */
export const filled = (data: unknown, attributes: string[]) =>
  attributes.filter((p) => valueAt(data, p) !== undefined).length;

/** The section an issue's path belongs to (`/data/circularity/…` → circularity), if any. */
export const sectionOf = (path: string) => (path.startsWith('/data/') ? path.split('/')[2] : undefined);
