// The single sign-on form's values, named for their place in the body (docs/decisions.md D80).
import type { SsoConnection, SsoConnectionPut } from '../../../api/hooks/sso';

export const ROLES = ['org_admin', 'ws_admin', 'editor', 'approver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface SsoValues {
  issuer: string;
  client_id: string;
  /** write-only: empty keeps the stored one */
  client_secret: string;
  role_claim: string;
  role_mappings: Array<{ value: string; role: Role }>;
  default_role: Role | '';
  required: boolean;
}

export const emptySso = (): SsoValues => ({
  issuer: '',
  client_id: '',
  client_secret: '',
  role_claim: 'groups',
  role_mappings: [],
  default_role: 'viewer',
  required: false,
});

export const ssoValuesOf = (c: SsoConnection): SsoValues => ({
  issuer: c.issuer,
  client_id: c.client_id,
  client_secret: '',
  role_claim: c.role_claim ?? '',
  role_mappings: c.role_mappings.map((m) => ({ value: m.value, role: m.role })),
  default_role: c.default_role ?? '',
  required: c.required,
});

export const ssoBodyOf = (v: SsoValues): SsoConnectionPut => ({
  issuer: v.issuer.trim(),
  client_id: v.client_id.trim(),
  role_claim: v.role_claim.trim() || null,
  role_mappings: v.role_mappings.filter((m) => m.value.trim()).map((m) => ({ value: m.value.trim(), role: m.role })),
  default_role: v.default_role || null,
  required: v.required,
  ...(v.client_secret ? { client_secret: v.client_secret } : {}),
});
