import { resolve, type SchemaNode } from './contract-schema';

/**
 * The contract with only its public attributes: a model passport is read by everyone, so the
 * server refuses anything else in it (access.not_public); the form does not offer it.
 */
export function publicOnly(root: Record<string, SchemaNode>, node: SchemaNode | undefined): SchemaNode | undefined {
  const n = resolve(root, node) ?? node;
  if (!n || (n['x-access'] ?? 'public') !== 'public') return undefined;
  if (!n.properties) return n;
  const kept = Object.entries(n.properties).flatMap(([k, child]) => {
    const c = publicOnly(root, child);
    return c ? [[k, c] as const] : [];
  });
  return kept.length ? { ...n, properties: Object.fromEntries(kept) } : undefined;
}

/** What a model passport requires (docs/dpp.md): completeness is each battery passport's business. */
export const MODEL_REQUIRED = new Set([
  '/data/generalProductInformation/batteryModel',
  '/data/generalProductInformation/manufacturerInformation',
]);
