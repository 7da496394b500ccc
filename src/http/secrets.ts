/**
 * Secrets in responses (docs/security.md, "Secrets"). A response schema marks a field that holds
 * a secret shown once (an API key, a grant token, an initial password, a CSRF token) with
 * `'x-secret': true`; mechanisms that keep or show responses (the idempotency store) read the
 * mark instead of knowing routes.
 */
export const SECRET_MARK = 'x-secret';
/** What a kept response holds in place of a secret. */
export const SECRET_PLACEHOLDER = '[secret not stored]';

/** Names of the properties marked secret anywhere in these schemas. */
export function secretKeys(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const s of schema) secretKeys(s, out);
  } else if (schema && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    const props = node.properties as Record<string, Record<string, unknown>> | undefined;
    if (props && typeof props === 'object') {
      for (const [name, prop] of Object.entries(props)) if (prop && prop[SECRET_MARK] === true) out.add(name);
    }
    for (const v of Object.values(node)) if (v && typeof v === 'object') secretKeys(v, out);
  }
  return out;
}

/** Replaces, in place, every non-null value of a secret property; returns how many it replaced. */
export function redactSecrets(value: unknown, keys: ReadonlySet<string>): number {
  let n = 0;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (keys.has(k) && o[k] !== null && typeof o[k] !== 'object') {
        o[k] = SECRET_PLACEHOLDER;
        n++;
      } else if (keys.has(k) && Array.isArray(o[k])) {
        // A list of secrets (recovery codes): each one replaced.
        o[k] = (o[k] as unknown[]).map(() => SECRET_PLACEHOLDER);
        n += (o[k] as unknown[]).length;
      } else walk(o[k]);
    }
  };
  walk(value);
  return n;
}

/** Whether a kept response had a secret taken out. */
export function hadSecrets(value: unknown, keys: ReadonlySet<string>): boolean {
  if (Array.isArray(value)) return value.some((v) => hadSecrets(v, keys));
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => (keys.has(k) && v === SECRET_PLACEHOLDER) || hadSecrets(v, keys));
}
