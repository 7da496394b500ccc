// The workspace's logos and brand kits as the design screens read and write them, through the SDK.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, fetchBlob, ok, type Schemas } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export type Logo = Schemas['Logo'];
export type BrandKit = Schemas['BrandKit'];

/** One page of 100 (the API's largest): a workspace's library is a handful of files, not a catalogue. */
export function useLogos() {
  return useQuery({
    queryKey: useWsKeys().logos.all,
    queryFn: () => ok(api.GET('/v1/logos', { params: { query: { limit: 100 } } })),
  });
}

export function useBrandKits() {
  return useQuery({
    queryKey: useWsKeys().brandKits.all,
    queryFn: () => ok(api.GET('/v1/brand-kits', { params: { query: { limit: 100 } } })),
  });
}

/** A File's bytes as base64, the form POST /v1/logos takes them in. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Uploads a PNG or SVG; the API checks and sanitises it and answers 422 with a pointer if it fails. */
async function uploadLogo(file: File, name?: string): Promise<Logo> {
  const body = {
    name: (name?.trim() || file.name).slice(0, 255) || undefined,
    // A type the browser could not name goes as it is, so the API's message names /content_type.
    content_type: file.type as 'image/png',
    data: await base64Of(file),
  };
  return ok(api.POST('/v1/logos', { body }));
}

/** The logo and brand kit writes; each resolves once the list it changed is asked for again. */
export function useBrandWrites() {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const logos = () => invalidate((k) => k.logos.all);
    const kits = () => invalidate((k) => k.brandKits.all);
    return {
      uploadLogo: async (file: File, name?: string) => {
        const logo = await uploadLogo(file, name);
        await logos();
        return logo;
      },
      removeLogo: async (id: string) => {
        await ok(api.DELETE('/v1/logos/{id}', { params: { path: { id } } }));
        await logos();
      },
      /** Creates a kit, or updates the one with `id`. */
      saveKit: async (id: string | null, body: { name: string; style: never; pages_default?: boolean }) => {
        const kit = id
          ? await ok(api.PATCH('/v1/brand-kits/{id}', { params: { path: { id } }, body }))
          : await ok(api.POST('/v1/brand-kits', { body }));
        await kits();
        return kit;
      },
      removeKit: async (id: string) => {
        await ok(api.DELETE('/v1/brand-kits/{id}', { params: { path: { id } } }));
        await kits();
      },
    };
  }, [invalidate]);
}

/** A kit's look on a sample code: the editor's preview, for a kit alone. */
export function useKitPreview(draft: unknown) {
  return useQuery({
    queryKey: useWsKeys().brandKits.preview(draft),
    queryFn: () => fetchBlob('/v1/qr/preview', { method: 'POST', body: draft }),
    retry: false,
    placeholderData: (prev) => prev,
    staleTime: Infinity,
  });
}

/** A stored logo shown from a blob: URL (the CSP allows it, and the file never enters the DOM). */
export function useLogoUrl(id: string | null | undefined): string | null {
  const q = useQuery({
    queryKey: useWsKeys().logos.image(id ?? null),
    enabled: Boolean(id),
    staleTime: Infinity,
    queryFn: () => fetchBlob(`/v1/logos/${encodeURIComponent(id!)}/image`),
  });
  return useObjectUrl(q.data);
}

/** A blob: URL for an image while it is shown, revoked when it changes or goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
