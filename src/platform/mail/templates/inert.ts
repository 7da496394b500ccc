const SEPARATOR = /([\p{L}\p{N}])[.。．｡](?=[\p{L}\p{N}])/gu;
const SCHEME = /:(?=\/\/)/g;

/**
 * A name someone typed (an organization's), made unable to turn into a link in a mail client:
 * mail clients autolink anything that looks like a URL or a domain, in the text part and in the
 * HTML part's text alike, so escaping alone still delivers "sign in at https://evil.test" as a
 * link from our sender (docs/decisions.md D56). Dots between letters or digits and the colon of a
 * scheme are written the way security notices defang addresses: `evil[.]test`, `https[:]//`.
 */
export function inertName(name: string): string {
  return name.replace(SCHEME, '[:]').replace(SEPARATOR, '$1[.]');
}
