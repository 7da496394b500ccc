import type { Selectable } from 'kysely';
import type { CodesTable } from '../../codes/index.js';

type Counters = Pick<
  Selectable<CodesTable>,
  'scan_count' | 'bot_scan_count' | 'purged_scan_count' | 'purged_bot_scan_count'
>;

/**
 * The raw scan rows a code still has, from its counters (the flush adds, retention subtracts in the
 * same transaction as its delete), so the list's total_count is what the list can return without
 * counting rows. Scans still in the scan sink are in neither, as they are not in the list yet.
 */
export function retainedScans(code: Counters, includeBots: boolean): number {
  const humans = Number(code.scan_count) - Number(code.purged_scan_count);
  const bots = Number(code.bot_scan_count) - Number(code.purged_bot_scan_count);
  return Math.max(0, includeBots ? humans + bots : humans);
}
