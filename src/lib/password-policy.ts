/**
 * NIST SP 800-63B §5.1.1.2 (docs/security.md): length is what matters, no composition rules. At
 * least 12 characters (counted as code points, like the schema), at most 256 so a hash never
 * works on megabytes. Nothing else lives here: the dashboard imports this file for its password
 * hint, so the hint and the server cannot disagree (docs/decisions.md D62).
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;
