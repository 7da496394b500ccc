/**
 * The scan buffer's unit of work: scans of one UTC month held column-wise, with every string
 * interned once per batch. Recording a scan stores a few integers and allocates nothing; the
 * batch crosses to the writer thread as two typed arrays and a short list of distinct strings.
 * Scan ids, ISO times and IP hashes are made on the writer's side (scan-rows.ts).
 */

/**
 * Per-scan uint32 fields at these offsets: the code slot; string-table indices (0 = null) of
 * destination, IP, device, OS, browser, language, referrer, country; the bot flag (0/1).
 */
export const CODE = 0, DESTINATION = 1, IP = 2, DEVICE = 3, OS = 4, BROWSER = 5, LANGUAGE = 6, REFERRER = 7, COUNTRY = 8, BOT = 9;
export const STRIDE = 10;

/** What a batch carries across threads (structured-clone friendly). */
export interface ScanBatch {
  count: number;
  /** scan time per scan, epoch ms */
  at: Float64Array;
  /** count × STRIDE values, see STRIDE */
  cols: Uint32Array;
  /** code slots: [code id, workspace id, organization id] */
  codes: Array<[string, string, string]>;
  /** interned strings; index 0 stands for null */
  strings: Array<string | null>;
  /** YYYY-MM (UTC) of every scan in the batch */
  period: string;
}

/** The code fields a scan needs; the redirect cache's target has them. */
export interface ScanCode {
  codeId: string;
  shortCode: string;
  workspaceId: string;
  organizationId: string;
}

/** Counted (non-bot) scans in this batch, per code and per organization. */
export interface CodeTally { slot: number; counted: number; org: OrgTally }
export interface OrgTally { organizationId: string; counted: number }

/** YYYY-MM of an ISO 8601 time or a Date, UTC: the period of the usage counters. */
export const periodOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 7);

/** Start and end (epoch ms, UTC) of the month holding `ms`, and its period. */
export function monthOf(ms: number): { start: number; end: number; period: string } {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), period: periodOf(d) };
}

/** A batch being filled on the main thread. */
export class BatchBuilder {
  count = 0;
  readonly at: Float64Array;
  readonly cols: Uint32Array;
  private readonly codes: Array<[string, string, string]> = [];
  private readonly strings: Array<string | null> = [null];
  private readonly stringIndex = new Map<string, number>();
  /** by short code (immutable, unique) */
  readonly tallies = new Map<string, CodeTally>();
  readonly orgs = new Map<string, OrgTally>();

  constructor(readonly capacity: number, readonly period: string, readonly start: number, readonly end: number) {
    this.at = new Float64Array(capacity);
    this.cols = new Uint32Array(capacity * STRIDE);
  }

  get full(): boolean {
    return this.count >= this.capacity;
  }

  /** Whether a scan at `ms` belongs in this batch's month. */
  holds(ms: number): boolean {
    return ms >= this.start && ms < this.end;
  }

  add(
    code: ScanCode, atMs: number, destination: string | null, ip: string | null,
    device: string | null, os: string | null, browser: string | null,
    language: string | null, referrer: string | null, country: string | null, bot: boolean,
  ): void {
    let tally = this.tallies.get(code.shortCode);
    if (!tally) tally = this.addCode(code);
    if (!bot) {
      tally.counted++;
      tally.org.counted++;
    }
    const i = this.count++;
    this.at[i] = atMs;
    const c = this.cols;
    const o = i * STRIDE;
    c[o + CODE] = tally.slot;
    c[o + DESTINATION] = this.intern(destination);
    c[o + IP] = this.intern(ip);
    c[o + DEVICE] = this.intern(device);
    c[o + OS] = this.intern(os);
    c[o + BROWSER] = this.intern(browser);
    c[o + LANGUAGE] = this.intern(language);
    c[o + REFERRER] = this.intern(referrer);
    c[o + COUNTRY] = this.intern(country);
    c[o + BOT] = bot ? 1 : 0;
  }

  /** The batch as sent to a writer: the arrays trimmed to the scans recorded. */
  toBatch(): ScanBatch {
    return {
      count: this.count,
      at: this.at.subarray(0, this.count),
      cols: this.cols.subarray(0, this.count * STRIDE),
      codes: this.codes,
      strings: this.strings,
      period: this.period,
    };
  }

  private intern(s: string | null): number {
    if (s === null) return 0;
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.stringIndex.set(s, i);
    }
    return i;
  }

  private addCode(code: ScanCode): CodeTally {
    let org = this.orgs.get(code.organizationId);
    if (!org) {
      org = { organizationId: code.organizationId, counted: 0 };
      this.orgs.set(code.organizationId, org);
    }
    const tally: CodeTally = { slot: this.codes.length, counted: 0, org };
    this.codes.push([code.codeId, code.workspaceId, code.organizationId]);
    this.tallies.set(code.shortCode, tally);
    return tally;
  }
}
