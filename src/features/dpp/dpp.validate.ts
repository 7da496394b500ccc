// Validates a battery passport create request: the JSON Schema of the contract plus the rules of
// Regulation (EU) 2023/1542 that a schema cannot express. Used by POST /v1/dpp (422 when invalid)
// and POST /v1/dpp/validate (always 200), so both report exactly the same issues.
import { readFile } from 'node:fs/promises';
import type { Category } from './dpp.contract.js';
import { isRecord, type Issue } from './validate/issues.js';
import { schemaIssues } from './validate/schema-issues.js';
import {
  dateIssues,
  gtinIssues,
  isCategory,
  lifecycleIssues,
  obligation,
  relationIssues,
  requiredIssues,
} from './validate/rules.js';

export type { Issue, Severity } from './validate/issues.js';

export interface ValidationSummary {
  errors: number;
  warnings: number;
  /** The category as given, or null when it is missing or not a known category. */
  category: Category | null;
  /** Whether Art. 77 requires a passport; null when category or rated energy is unknown. */
  obligation: boolean | null;
}

export interface ValidationResult {
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
  summary: ValidationSummary;
}

export interface ValidateOptions {
  /** The clock: dates after it are in the future. */
  now: Date;
}

const byPath = (a: Issue, b: Issue) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.code.localeCompare(b.code));

export function validatePassport(input: unknown, { now }: ValidateOptions): ValidationResult {
  const issues: Issue[] = schemaIssues(input);
  let category: Category | null = null;
  let obliged: boolean | null = null;

  if (isRecord(input)) {
    const data = input.data;
    issues.push(...gtinIssues(input), ...relationIssues(data), ...dateIssues(data, now), ...lifecycleIssues(input));
    if (isCategory(input.category)) {
      category = input.category;
      issues.push(...requiredIssues(category, data));
      const result = obligation(category, data);
      obliged = result.obligation;
      issues.push(...result.issues);
    }
  }

  const errors = issues.filter((i) => i.severity === 'error').sort(byPath);
  const warnings = issues.filter((i) => i.severity === 'warning').sort(byPath);
  return {
    valid: errors.length === 0,
    errors,
    warnings,
    summary: { errors: errors.length, warnings: warnings.length, category, obligation: obliged },
  };
}

/**
 * Runs the validator over the three example passports once. V8 compiles the schema validator's
 * generated code on its first run, about 40 ms of CPU on the first `POST /v1/dpp` after a start; a
 * server pays it before it takes traffic (`warmUp` in src/app.ts).
 */
export async function warmPassportValidation(): Promise<void> {
  for (const name of ['ev', 'lmt', 'stationary']) {
    const example: unknown = JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
    validatePassport(example, { now: new Date() });
  }
}
