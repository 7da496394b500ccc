import { resolve, type SchemaNode } from '../contract-schema';
import { useEnumLabel } from './enum-words';

/** Under a list typed as JSON: the values its entries' enumerated members take, with their labels. */
export function EnumHint({ root, items }: { root: Record<string, SchemaNode>; items?: SchemaNode }) {
  const label = useEnumLabel();
  const item = items && resolve(root, items);
  const enums = Object.entries(item?.properties ?? {}).filter(([, n]) => resolve(root, n)?.enum);
  if (!enums.length) return null;
  return (
    <small className="muted">
      {enums.map(([k, n]) => (
        <span key={k} className="enum-hint">
          <code>{k}</code>:{' '}
          {(resolve(root, n)?.enum ?? []).map((v, i) => (
            <span key={String(v)}>
              {i ? ', ' : ''}
              <code>{String(v)}</code> ({label(v)})
            </span>
          ))}{' '}
        </span>
      ))}
    </small>
  );
}
