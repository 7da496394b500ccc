import { Type, type Static, type TSchema } from 'typebox';

/**
 * A nullable scalar as one JSON Schema (`type: [t, "null"]`, or the enum plus null) rather than
 * anyOf, so a bad value yields one error item instead of three, and the reference shows one type.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as Record<string, unknown>;
  if (Array.isArray(s.enum)) return Type.Unsafe<Static<T> | null>({ ...s, enum: [...s.enum, null] });
  return Type.Unsafe<Static<T> | null>({ ...s, type: [s.type, 'null'] });
}
