// JSON merge patch (RFC 7396) for PATCH /v1/dpp/:id `data`: objects merge member by member,
// null removes a member, anything else (arrays included) replaces. The service validates the
// merged result whole, so a patch can never leave a passport in a state a create would refuse.
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isRecord(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out;
}
