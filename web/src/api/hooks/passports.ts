// Battery passports: the list, one passport with its versions and access grants, the server's
// validator, and the organization's GS1 company prefixes.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, body, fetchBlob, ok, type Schemas } from '../client';
import { keys } from '../keys';
import { compact, nextCursor, useInvalidate, useWsKeys } from './scope';

/** Passports by publication status and GTIN, newest first, 25 a page. */
export function usePassports(filters: { gtin: string; publication_status: string }) {
  return useInfiniteQuery({
    queryKey: useWsKeys().passports.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      body(api.GET('/v1/dpp', { params: { query: compact({ ...filters, limit: 25, cursor: pageParam }) as never } })),
    getNextPageParam: nextCursor,
  });
}

/** One passport; no request without an id (a new passport). */
export function usePassport(id: string | undefined) {
  return useQuery({
    queryKey: useWsKeys().passports.detail(id),
    enabled: !!id,
    queryFn: () => ok(api.GET('/v1/dpp/{id}', { params: { path: { id: id! } } })),
  });
}

export function usePassportVersions(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.versions(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/versions', { params: { path: { id }, query: { limit: 50 } } })),
  });
}

export function usePassportGrants(id: string) {
  return useQuery({
    queryKey: useWsKeys().passports.grants(id),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/access-grants', { params: { path: { id }, query: { limit: 100 } } })),
  });
}

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

const downloads = {
  /** A passport's QR code to download. */
  qr: (id: string, fmt: 'svg' | 'png' | 'pdf' | 'eps') => fetchBlob(`/v1/dpp/${id}/qr.${fmt}?download=true`),
};

/** Files about passports, fetched to be saved, never cached. */
export function usePassportDownloads() {
  return downloads;
}

const validate = async (b: unknown) => ok(api.POST('/v1/dpp/validate', { body: b as never }));

/** The server's validator on a draft, as the user types (the last answer kept while the next loads). */
export function usePassportCheck(draft: unknown) {
  return useQuery({
    queryKey: useWsKeys().passports.validation(draft),
    queryFn: () => validate(draft),
    placeholderData: (prev) => prev,
    staleTime: Infinity,
  });
}

/** What the validator calls missing in an empty passport of a category: its required attributes. */
export function usePassportRequired(category: string) {
  return useQuery({
    queryKey: keys.dppRequired(category),
    staleTime: Infinity,
    queryFn: () => validate({ category, data: {} }),
  });
}

/** The contract as the API documents it: the schemas of /openapi.json, fetched once. */
export function useContractSchemas<Schema>() {
  return useQuery({
    queryKey: keys.openapiSchemas,
    staleTime: Infinity,
    queryFn: async () =>
      (
        JSON.parse(await (await fetchBlob('/openapi.json')).text()) as {
          components: { schemas: Record<string, Schema> };
        }
      ).components.schemas,
  });
}

/** The organization's GS1 company prefixes. */
export function useGs1Prefixes(orgId: string | null | undefined) {
  return useQuery({
    queryKey: keys.gs1Prefixes.list(orgId),
    queryFn: () => ok(api.GET('/v1/gs1-prefixes', { params: { query: { limit: 100 } } })),
  });
}

/** What a claim is submitted with: a licence document, or the GEPIR record found (address and/or text). */
export interface Gs1Evidence {
  file?: File | null;
  gepirUrl?: string;
  gepirText?: string;
}

/** A File's bytes as base64, the form the evidence travels in. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

type EvidenceBody = NonNullable<Schemas['Gs1PrefixEvidenceInput']>;

/** The API's evidence body; empty fields are left out, so the API names what is missing. */
async function evidenceBody(e: Gs1Evidence): Promise<EvidenceBody> {
  const out: EvidenceBody = {};
  if (e.file)
    // A type the browser could not name goes as it is, so the API's message names the field.
    out.file = { name: e.file.name, content_type: e.file.type as 'application/pdf', data: await base64Of(e.file) };
  if (e.gepirUrl?.trim()) out.gepir_url = e.gepirUrl.trim();
  if (e.gepirText?.trim()) out.gepir_text = e.gepirText.trim();
  return out;
}

/** Claiming, submitting evidence and releasing a prefix; each resolves once the organization's prefixes are asked for again. */
export function useGs1PrefixWrites(orgId: string | null | undefined) {
  const invalidate = useInvalidate();
  return useMemo(() => {
    const list = () => invalidate(keys.gs1Prefixes.list(orgId));
    return {
      /** Claims a prefix with its evidence: pending until the operator decides. */
      claim: async (prefix: string, evidence: Gs1Evidence) => {
        await ok(api.POST('/v1/gs1-prefixes', { body: { prefix, evidence: await evidenceBody(evidence) } }));
        await list();
      },
      /** New evidence for a claim (a rejected one again): pending again. */
      submit: async (id: string, evidence: Gs1Evidence) => {
        await ok(
          api.POST('/v1/gs1-prefixes/{id}/evidence', {
            params: { path: { id } },
            body: await evidenceBody(evidence),
          }),
        );
        await list();
      },
      release: async (id: string) => {
        await ok(api.DELETE('/v1/gs1-prefixes/{id}', { params: { path: { id } } }));
        await list();
      },
    };
  }, [invalidate, orgId]);
}
