import { useMemo } from 'react';
import { api, ok, type Code } from '../../client';
import { useInvalidate } from '../scope';

/** Stops a former short code from redirecting; resolves once the code's aliases are asked for again. */
export function useCodeAliasWrites() {
  const invalidate = useInvalidate();
  return useMemo(
    () => ({
      remove: async (code: Code, shortCode: string) => {
        await ok(
          api.DELETE('/v1/codes/{id}/aliases/{short_code}', {
            params: { path: { id: code.id, short_code: shortCode } },
          }),
        );
        await invalidate((k) => k.codes.aliases(code.id, code.short_code));
      },
    }),
    [invalidate],
  );
}
