export type LoginState = { from?: string; notice?: 'passwordReset' } | null;

/** Where to go after logging in: back to the page that asked for it (an e-mailed link), else the codes. */
export function returnPath(state: LoginState): string {
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/codes';
}
