import { useMemo } from 'react';
import { api, ok } from '../../client';
import { useInvalidate } from '../scope';

/**
 * The code writes; each resolves once what it changed is asked for again. A code's change reaches
 * lists, counts, approvals and usage, so those writes ask for every query again.
 */
export function useCodeWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const everything = () => invalidate();
    const comments = (codeId: string) => invalidate((k) => k.codes.comments(codeId));
    return {
      create: async (input: Record<string, unknown>) => {
        const code = await ok(api.POST('/v1/codes', { body: input as never }));
        await everything();
        return code;
      },
      update: async (id: string, patch: Record<string, unknown>) => {
        const code = await ok(api.PATCH('/v1/codes/{id}', { params: { path: { id } }, body: patch as never }));
        await everything();
        return code;
      },
      /** Creates every code of a batch, or none (a refusal names the rows); the answer lists them. */
      createBatch: async (codes: unknown[]) => {
        const created = await ok(api.POST('/v1/codes/batch', { body: { codes } as never }));
        await everything();
        return created as unknown[];
      },
      /** Deletes (archives) a code. */
      remove: async (id: string) => {
        await ok(api.DELETE('/v1/codes/{id}', { params: { path: { id } } }));
        await everything();
      },
      approve: async (id: string) => {
        await ok(api.POST('/v1/codes/{id}/approve', { params: { path: { id } } }));
        await everything();
      },
      reject: async (id: string, reason: string) => {
        await ok(api.POST('/v1/codes/{id}/reject', { params: { path: { id } }, body: { reason } }));
        await everything();
      },
      addComment: async (codeId: string, text: string) => {
        await ok(api.POST('/v1/codes/{id}/comments', { params: { path: { id: codeId } }, body: { body: text } }));
        await comments(codeId);
      },
      removeComment: async (codeId: string, commentId: string) => {
        await ok(
          api.DELETE('/v1/codes/{id}/comments/{comment_id}', {
            params: { path: { id: codeId, comment_id: commentId } },
          }),
        );
        await comments(codeId);
      },
      /** Uploads a PDF page's file (JSON, base64: docs/decisions.md D24); nothing cached names it yet. */
      uploadPdf: (name: string, data: string) =>
        ok(api.POST('/v1/files', { body: { name, content_type: 'application/pdf', data } })),
    };
  }, [invalidate]);
}
