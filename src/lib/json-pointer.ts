/** RFC 6901 escaping of one reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
