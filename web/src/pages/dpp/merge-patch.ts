type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON merge patch (RFC 7396) that turns `stored` into `edited`. A PATCH of `data` is a merge
 * patch, so a field the user emptied must be sent as null; sending the edited object alone would
 * keep every field that is no longer in it.
 */
export function mergePatch(stored: Json, edited: Json): Json {
  if (!isObject(stored) || !isObject(edited)) return edited;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(stored)) if (!(k in edited)) out[k] = null;
  for (const [k, v] of Object.entries(edited)) out[k] = k in stored ? mergePatch(stored[k], v) : v;
  return out;
}
