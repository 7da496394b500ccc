// Which pointers of an errors object a Field shows, and under which label: ProblemAlert words the
// others itself, so no error of the API goes unshown and none is shown twice.
const placedFields = new WeakMap<object, Map<string, string>>();

/** The pointers (and labels) the Fields showing this errors object have claimed so far. */
export const placedOf = (errors: object): Map<string, string> | undefined => placedFields.get(errors);

/** Claims a pointer of an errors object for a Field with this label. */
export function place(errors: object, pointer: string, label: string) {
  let m = placedFields.get(errors);
  if (!m) placedFields.set(errors, (m = new Map()));
  m.set(pointer, label);
}
