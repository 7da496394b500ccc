// GS1 identifiers and GS1 Digital Link URIs for battery passports.
// References: GS1 General Specifications (GTIN, mod-10 check digit, AI 82 character set),
// GS1 Digital Link URI Syntax 1.4 (path order 01 / 22 / 10 / 21, percent-encoding).

export type Gs1ErrorCode =
  | 'gtin.format'
  | 'gtin.length'
  | 'gtin.check_digit'
  | 'dl.syntax'
  | 'dl.encoding'
  | 'dl.unknown_ai'
  | 'dl.order'
  | 'dl.missing_value'
  | 'dl.charset';

export interface Gs1Error {
  code: Gs1ErrorCode;
  message: string;
}

export type Gs1Result<T> = { ok: true; value: T } | { ok: false; error: Gs1Error };

/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Serial (AI 21), lot (AI 10) and consumer product variant (AI 22) are at most 20 characters. */
export const AI_VALUE_MAX_LENGTH = 20;

/**
 * GS1 AI encodable character set 82 as a regular-expression class body:
 * ! " % & ' ( ) * + , - . / 0-9 : ; < = > ? A-Z _ a-z. `%` to `?` is one contiguous ASCII run.
 */
export const AI82_CLASS = `!"%-?A-Z_a-z`;
export const AI82_PATTERN = `^[${AI82_CLASS}]{1,${AI_VALUE_MAX_LENGTH}}$`;
const AI82 = new RegExp(`^[${AI82_CLASS}]+$`);

const fail = (code: Gs1ErrorCode, message: string): { ok: false; error: Gs1Error } => ({
  ok: false,
  error: { code, message },
});

/** GS1 mod-10 check digit for the digits before the check digit (weights 3,1,3,… from the right). */
export function computeCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `s` is all digits, of a GTIN length, and its last digit is the right check digit. */
export function gtinCheckDigitValid(s: string): boolean {
  if (!/^[0-9]+$/.test(s) || !(GTIN_LENGTHS as readonly number[]).includes(s.length)) return false;
  return computeCheckDigit(s.slice(0, -1)) === Number(s[s.length - 1]);
}

/** Validates a GTIN-8/12/13/14 and left-pads it with zeros to the 14 digits GS1 Digital Link uses. */
export function normalizeGtin(s: string): Gs1Result<string> {
  if (!/^[0-9]+$/.test(s)) return fail('gtin.format', 'A GTIN contains digits only.');
  if (!(GTIN_LENGTHS as readonly number[]).includes(s.length)) {
    return fail('gtin.length', `A GTIN has 8, 12, 13 or 14 digits; got ${s.length}.`);
  }
  if (!gtinCheckDigitValid(s)) {
    const expected = computeCheckDigit(s.slice(0, -1));
    return fail('gtin.check_digit', `The GTIN check digit is wrong: expected ${expected}.`);
  }
  return { ok: true, value: s.padStart(14, '0') };
}

/** True when `s` is non-empty and uses only characters of GS1 AI encodable character set 82. */
export function isAi82(s: string): boolean {
  return AI82.test(s);
}

/** A serial or lot as GS1 allows it: 1–20 characters of character set 82. */
export function isValidAiValue(s: string): boolean {
  return isAi82(s) && s.length <= AI_VALUE_MAX_LENGTH;
}

/**
 * Percent-encodes everything outside the RFC 3986 unreserved set, as GS1 Digital Link requires.
 * encodeURIComponent leaves ! ' ( ) * alone, which are legal in AI 82 but reserved in a URI path.
 */
export function encodeAiValue(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface DigitalLinkKey {
  gtin14: string;
  cpv?: string;
  lot?: string;
  serial?: string;
  /** AI 235, a third-party controlled serial extension (GS1 Digital Link 1.4). */
  tpx?: string;
}

/** AI 235 takes up to 28 characters of character set 82. */
export const TPX_MAX_LENGTH = 28;

/**
 * `{base}/01/{gtin14}[/10/{lot}]/21/{serial}`. Throws on an invalid GTIN, lot or serial: callers
 * build links only from passports that already passed validation, so this is a programming error.
 */
export function buildDigitalLink(baseUrl: string, key: { gtin: string; lot?: string | null; serial: string }): string {
  const gtin = normalizeGtin(key.gtin);
  if (!gtin.ok) throw new TypeError(`buildDigitalLink: ${gtin.error.message}`);
  if (!isValidAiValue(key.serial)) throw new TypeError('buildDigitalLink: invalid serial');
  if (key.lot != null && !isValidAiValue(key.lot)) throw new TypeError('buildDigitalLink: invalid lot');
  const base = baseUrl.replace(/\/+$/, '');
  const lot = key.lot != null ? `/10/${encodeAiValue(key.lot)}` : '';
  return `${base}/01/${gtin.value}${lot}/21/${encodeAiValue(key.serial)}`;
}

/**
 * The battery's unique identifier (Regulation (EU) 2023/1542 Art. 77(3), Art. 3(66)): its GS1
 * key GTIN + serial as a GS1 element string, `(01){gtin14}(21){serial}`. GS1 is an issuing agency
 * under ISO/IEC 15459, and the same two keys make the Digital Link in the QR code, so the
 * identifier is also a web link to the passport (docs/decisions.md D25). The lot is not part of
 * it: GS1 makes a serial unique per GTIN.
 */
export function uniqueIdentifier(key: { gtin: string; serial: string }): string {
  return `(01)${key.gtin}(21)${key.serial}`;
}

/** Pattern of uniqueIdentifier(): the 14-digit GTIN and a serial of character set 82. */
export const UNIQUE_IDENTIFIER_PATTERN = `^\\(01\\)[0-9]{14}\\(21\\)[${AI82_CLASS}]{1,${AI_VALUE_MAX_LENGTH}}$`;

// Key qualifiers of AI 01 in the only order GS1 Digital Link allows; AI 235 stands alone instead.
const QUALIFIERS = [
  { ai: '22', name: 'cpv' },
  { ai: '10', name: 'lot' },
  { ai: '21', name: 'serial' },
] as const;

/**
 * Parses the path of a GS1 Digital Link URI for a GTIN: `/01/{gtin}` followed by optional
 * qualifiers 22, 10, 21 in that order, or by 235 alone (GS1 Digital Link 1.4: the GTIN's key
 * qualifiers are 22, 10, 21 or 235). A trailing slash and a query string are tolerated.
 */
export function parseDigitalLinkPath(path: string): Gs1Result<DigitalLinkKey> {
  const bare = path.replace(/[?#].*$/s, '').replace(/\/$/, '');
  if (!bare.startsWith('/01/')) {
    return fail('dl.syntax', 'A GS1 Digital Link path starts with /01/{gtin}.');
  }
  const segments = bare.slice(1).split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    try {
      decoded.push(decodeURIComponent(segment));
    } catch {
      return fail('dl.encoding', `Malformed percent-encoding in "${segment}".`);
    }
  }
  const gtinValue = decoded[1];
  if (!gtinValue) return fail('dl.missing_value', 'AI 01 has no value.');
  const gtin = normalizeGtin(gtinValue);
  if (!gtin.ok) return gtin;

  const key: DigitalLinkKey = { gtin14: gtin.value };
  if (decoded[2] === '235') {
    const value = decoded[3];
    if (value === undefined || value === '') return fail('dl.missing_value', 'AI 235 has no value.');
    if (!isAi82(value) || value.length > TPX_MAX_LENGTH)
      return fail('dl.charset', `AI 235 takes 1–${TPX_MAX_LENGTH} characters of GS1 character set 82.`);
    if (decoded.length > 4)
      return fail('dl.order', 'AI 235 is the only key qualifier of its GTIN: nothing may follow it.');
    return { ok: true, value: { ...key, tpx: value } };
  }
  let next = 0; // index in QUALIFIERS of the earliest qualifier still allowed
  for (let i = 2; i < decoded.length; i += 2) {
    const ai = decoded[i];
    const value = decoded[i + 1];
    if (ai === '') return fail('dl.syntax', 'Empty path segment.');
    const position = QUALIFIERS.findIndex((q) => q.ai === ai);
    if (position < 0) {
      return ai === '235'
        ? fail('dl.order', 'AI 235 replaces the other key qualifiers of a GTIN; it cannot follow them.')
        : fail('dl.unknown_ai', `AI ${ai} is not a key qualifier of a GTIN (allowed: 22, 10, 21, or 235 alone).`);
    }
    if (position < next) {
      return fail('dl.order', `AI ${ai} is out of order or repeated; qualifiers come in the order 22, 10, 21.`);
    }
    if (value === undefined || value === '') return fail('dl.missing_value', `AI ${ai} has no value.`);
    if (!isValidAiValue(value)) {
      return fail('dl.charset', `AI ${ai} takes 1–20 characters of GS1 character set 82.`);
    }
    key[QUALIFIERS[position].name] = value;
    next = position + 1;
  }
  return { ok: true, value: key };
}
