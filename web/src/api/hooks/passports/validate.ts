import { api, ok } from '../../client';

/** The server's validator (POST /v1/dpp/validate), which the check and the required attributes both ask. */
export const validate = async (b: unknown) => ok(api.POST('/v1/dpp/validate', { body: b as never }));
