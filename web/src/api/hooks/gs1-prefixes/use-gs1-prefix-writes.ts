import { useMemo } from 'react';
import { api, ok } from '../../client';
import { keys } from '../../keys';
import { useInvalidate } from '../scope';
import { evidenceBody, type Gs1Evidence } from './evidence';

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
