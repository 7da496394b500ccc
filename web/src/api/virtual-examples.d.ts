// Built by web/scripts/dpp-examples.ts: the URL of each example passport.
declare module 'virtual:dpp-examples' {
  const urls: Record<'ev' | 'lmt' | 'stationary', string>;
  export default urls;
}
