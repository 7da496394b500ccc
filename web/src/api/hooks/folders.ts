// Folders and campaigns of the chosen workspace (docs/decisions.md D78): the tree, its writes, moving codes.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok, type Schemas } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export type Folder = Schemas['Folder'];
export type FolderCreate = Schemas['FolderCreate'];

/** Every folder of the workspace (a workspace keeps tens, not thousands: one page of 100). */
export function useFolders() {
  return useQuery({
    queryKey: useWsKeys().folders,
    queryFn: () => ok(api.GET('/v1/folders', { params: { query: { limit: 100 } } })),
  });
}

/** A folder written or codes moved change the tree's counts, the code lists and analytics: all are refreshed, as code writes do. */
export function useFolderWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const refresh = () => invalidate();
    return {
      create: async (input: FolderCreate) => {
        const folder = await ok(api.POST('/v1/folders', { body: input }));
        await refresh();
        return folder;
      },
      rename: async (id: string, name: string) => {
        await ok(api.PATCH('/v1/folders/{id}', { params: { path: { id } }, body: { name } }));
        await refresh();
      },
      remove: async (id: string) => {
        await ok(api.DELETE('/v1/folders/{id}', { params: { path: { id } } }));
        await refresh();
      },
      move: async (codeIds: string[], folderId: string | null) => {
        await ok(api.POST('/v1/codes/move', { body: { code_ids: codeIds, folder_id: folderId } }));
        await refresh();
      },
    };
  }, [invalidate]);
}
