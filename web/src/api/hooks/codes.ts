// Codes: the list, one code and its figures, aliases, comments, QR images and previews, approvals.
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, body, fetchBlob, fetchFile, ok, type Code } from '../client';
import { compact, nextCursor, useInvalidate, useWsKeys } from './scope';

/**
 * Scan figures refresh every 30 s, and only while the tab is visible (TanStack Query pauses
 * intervals in the background); the Refresh button is for the person who just scanned. 5 s
 * polling spent a Free plan's whole minute of requests on one open page.
 */
export const POLL_MS = 30_000;

export interface CodeFilters {
  q: string;
  type: string;
  status: string;
  tag: string;
  /** a folder's id, `none`, or empty for every code */
  folder_id: string;
}

/** GET /v1/codes by filters, 25 a page. */
export function useCodes(filters: CodeFilters) {
  return useInfiniteQuery({
    queryKey: useWsKeys().codes.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      body(api.GET('/v1/codes', { params: { query: compact({ ...filters, cursor: pageParam, limit: 25 }) as never } })),
    getNextPageParam: nextCursor,
  });
}

/** One thumbnails request per page of codes, not one image request per row. */
export function useCodeThumbnails(pages: Array<{ data: Code[] }>) {
  const k = useWsKeys().codes;
  return useQueries({
    queries: pages.map((page) => ({
      queryKey: k.thumbnails(page.data.map((c) => `${c.id}@${c.updated_at}`)),
      queryFn: () =>
        ok(api.GET('/v1/codes/thumbnails', { params: { query: { ids: page.data.map((c) => c.id).join(',') } } })),
      enabled: page.data.length > 0,
      staleTime: 300_000,
    })),
  });
}

/** The number of codes in the workspace (one code asked for, the total read). */
export function useCodeCount() {
  return useQuery({
    queryKey: useWsKeys().codes.count,
    queryFn: () => body(api.GET('/v1/codes', { params: { query: { limit: 1 } as never } })),
  });
}

/** One code; no request without an id (a new code). */
export function useCode(id: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().codes.detail(id),
    enabled: Boolean(id),
    queryFn: () => ok(api.GET('/v1/codes/{id}', { params: { path: { id: id! } } })),
  });
}

export interface DateRange {
  from: string;
  to: string;
}

/** A code's scan figures over a range; only for codes whose scans are counted. */
export function useCodeStats(id: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.stats(id, range),
    enabled,
    queryFn: () =>
      ok(
        api.GET('/v1/codes/{id}/stats', {
          params: { path: { id }, query: { from: range.from, to: range.to } as never },
        }),
      ),
    refetchInterval: POLL_MS,
  });
}

/** A code's latest scans. */
export function useCodeScans(id: string, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.scans(id),
    enabled,
    queryFn: () => body(api.GET('/v1/codes/{id}/scans', { params: { path: { id }, query: { limit: 50 } as never } })),
    refetchInterval: POLL_MS,
  });
}

/**
 * The A/B split: the rollups' destination dimension for this code over the range (all scans, not
 * a sample), from GET /v1/analytics; the stats answer has no per-destination breakdown.
 */
export function useCodeAbSplit(id: string, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().codes.ab(id, range),
    enabled,
    queryFn: () =>
      ok(
        api.GET('/v1/analytics', {
          params: { query: { code_id: id, from: range.from, to: range.to, dimensions: 'destination', limit: 100 } },
        }),
      ),
    refetchInterval: POLL_MS,
  });
}

/** A dynamic code's former short codes, which still redirect. */
export function useCodeAliases(code: Code) {
  return useQuery({
    queryKey: useWsKeys().codes.aliases(code.id, code.short_code),
    enabled: code.dynamic,
    queryFn: () =>
      body(api.GET('/v1/codes/{id}/aliases', { params: { path: { id: code.id }, query: { limit: 100 } as never } })),
  });
}

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

/** A code's comments, 20 a page. */
export function useCodeComments(codeId: string) {
  return useInfiniteQuery({
    queryKey: useWsKeys().codes.comments(codeId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/codes/{id}/comments', {
          params: { path: { id: codeId }, query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** A saved code's QR image (SVG), fetched so the workspace header goes along. */
export function useQrImage(codeId: string, version: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().codes.qr(codeId, version),
    queryFn: () => fetchBlob(`/v1/codes/${encodeURIComponent(codeId)}/qr.svg`),
    staleTime: 300_000,
  });
}

/**
 * The editor's QR preview of a draft (POST /v1/qr/preview). `live`: the preview itself (no retry,
 * the last image kept while the next loads); without it, an observer that never fetches, for the
 * preview's messages next to the fields.
 */
export function useQrPreview(draft: unknown, { enabled, live }: { enabled: boolean; live: boolean }) {
  return useQuery({
    queryKey: useWsKeys().codes.preview(draft),
    queryFn: () => fetchBlob('/v1/qr/preview', { method: 'POST', body: draft }),
    enabled,
    ...(live ? { retry: false, placeholderData: (prev: Blob | undefined) => prev, staleTime: Infinity } : {}),
  });
}

type ReviewStatus = 'pending_approval' | 'rejected';

/** Codes waiting for approval, or rejected, 25 a page. */
export function useApprovals(status: ReviewStatus) {
  return useInfiniteQuery({
    queryKey: useWsKeys().approvals.list(status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(
        api.GET('/v1/codes', {
          params: { query: { status, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } as never },
        }),
      ),
    getNextPageParam: nextCursor,
  });
}

/** How many codes wait for approval; asked for every 30 s, only by those who may approve. */
export function useApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().approvals.count,
    enabled,
    refetchInterval: 30_000,
    queryFn: () => body(api.GET('/v1/codes', { params: { query: { status: 'pending_approval', limit: 1 } as never } })),
  });
}

/** A file's metadata (a saved code names its PDF by id only). */
export function useFile(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: useWsKeys().files.detail(id),
    enabled,
    queryFn: () => ok(api.GET('/v1/files/{id}', { params: { path: { id: id! } } })),
  });
}

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

const downloads = {
  /** A saved code's image to download, with the server's file name (the code's title, else short code); PNG at 1024 px. */
  qr: (id: string, fmt: 'svg' | 'png' | 'pdf' | 'eps') =>
    fetchFile(`/v1/codes/${id}/qr.${fmt}?download=true${fmt === 'png' ? '&size=1024' : ''}`),
  /** The chosen codes on printable PDF pages. */
  exportPdf: (ids: string[]) => fetchBlob('/v1/codes/export', { method: 'POST', body: { ids } }),
  /** A code's scans in a date range, as CSV. */
  scansCsv: (id: string, range: DateRange) =>
    fetchBlob(`/v1/codes/${encodeURIComponent(id)}/scans.csv?from=${range.from}&to=${range.to}`),
};

/** Files about codes, fetched to be saved, never cached. */
export function useCodeDownloads() {
  return downloads;
}
