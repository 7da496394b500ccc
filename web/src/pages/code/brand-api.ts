// The workspace's logos and brand kits as the design screens read them, through the SDK.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, fetchBlob, ok, type Schemas } from '../../api/client';
import { useWsKey } from '../../session';

export type Logo = Schemas['Logo'];
export type BrandKit = Schemas['BrandKit'];

/** One page of 100 (the API's largest): a workspace's library is a handful of files, not a catalogue. */
export function useLogos() {
  return useQuery({
    queryKey: useWsKey('logos'),
    queryFn: () => ok(api.GET('/v1/logos', { params: { query: { limit: 100 } } })),
  });
}

export function useBrandKits() {
  return useQuery({
    queryKey: useWsKey('brand-kits'),
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
export async function uploadLogo(file: File, name?: string): Promise<Logo> {
  const body = {
    name: (name?.trim() || file.name).slice(0, 255) || undefined,
    // A type the browser could not name goes as it is, so the API's message names /content_type.
    content_type: file.type as 'image/png',
    data: await base64Of(file),
  };
  return ok(api.POST('/v1/logos', { body }));
}

/** A stored logo shown from a blob: URL (the CSP allows it, and the file never enters the DOM). */
export function useLogoUrl(id: string | null | undefined): string | null {
  const q = useQuery({
    queryKey: useWsKey('logo-image', id),
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
