// Which of the validator's issues the editor shows: none on a fresh passport; a field's own as
// soon as it was edited; a section's all once the user left it; every one after a save was tried.
import type { Issue } from '../contract-schema';
import { sectionOf } from './progress';

export interface Seen {
  /** Pointers the user edited (`/gtin`, `/data/general…/batteryModel`). */
  touched: Set<string>;
  /** Sections the user moved away from. */
  left: Set<string>;
  /** A save or publication was tried: everything shows. */
  all: boolean;
}

export const NOTHING_SEEN: Seen = { touched: new Set(), left: new Set(), all: false };

export function visibleIssues(issues: Issue[], seen: Seen): Issue[] {
  if (seen.all) return issues;
  return issues.filter((i) => {
    const section = sectionOf(i.path);
    if (section && seen.left.has(section)) return true;
    return [...seen.touched].some((p) => i.path === p || i.path.startsWith(`${p}/`));
  });
}
