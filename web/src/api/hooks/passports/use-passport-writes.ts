import { useMemo } from 'react';
import { api, ok } from '../../client';
import { useInvalidate } from '../scope';

/**
 * The passport writes; each resolves once what it changed is asked for again. A save, publication
 * or archiving changes the passport, its versions and the list: every query again.
 */
export function usePassportWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const grants = (id: string) => invalidate((k) => k.passports.grants(id));
    return {
      /** A new passport; the lists (all passports, a model's batteries) are asked for again. */
      create: async (draft: unknown) => {
        const created = (await ok(api.POST('/v1/dpp', { body: draft as never }))) as { id: string };
        await invalidate();
        return created;
      },
      /** Saves the editable part of a passport (a JSON merge patch of its data). */
      update: async (id: string, patch: unknown) => {
        await ok(api.PATCH('/v1/dpp/{id}', { params: { path: { id } }, body: patch as never }));
        await invalidate();
      },
      publish: async (id: string) => {
        await ok(api.POST('/v1/dpp/{id}/publish', { params: { path: { id } } }));
        await invalidate();
      },
      archive: async (id: string) => {
        await ok(api.POST('/v1/dpp/{id}/archive', { params: { path: { id } } }));
        await invalidate();
      },
      /** A grant to the restricted part of a passport; its token is in this answer only. */
      grant: async (
        id: string,
        input: { level: 'legitimate_interest' | 'authority'; expires_at: string; note?: string },
      ) => {
        const g = await ok(api.POST('/v1/dpp/{id}/access-grants', { params: { path: { id } }, body: input }));
        await grants(id);
        return g as { token: string };
      },
      revokeGrant: async (id: string, grantId: string) => {
        await ok(api.DELETE('/v1/dpp/{id}/access-grants/{grant_id}', { params: { path: { id, grant_id: grantId } } }));
        await grants(id);
      },
    };
  }, [invalidate]);
}
