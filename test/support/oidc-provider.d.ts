// oidc-provider ships no types; the tests use a handful of its members (test/support/oidc.ts).
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
