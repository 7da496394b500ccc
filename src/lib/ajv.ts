import { Ajv, type Options } from 'ajv';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = (formatsModule as unknown as { default: FormatsPlugin }).default;

export interface AjvOptions {
  /** Convert text to the schema's type (`"5"` → 5, `"a"` → `["a"]`): for parts that arrive as text. */
  coerceTypes?: boolean;
  /** Fill in the schema's `default` values. */
  useDefaults?: boolean;
  /** Ajv's strict mode: unknown keywords and loose schemas fail when compiled. Off unless asked. */
  strict?: boolean;
  /** Errors carry the failing schema node and value, for messages that quote them. */
  verbose?: boolean;
  /** Annotation keywords the schemas carry. */
  keywords?: readonly string[];
}

/** Every Ajv of the service: all errors reported (not only the first), the standard formats known. */
export function createAjv(options: AjvOptions = {}): Ajv {
  const settings: Options = {
    allErrors: true,
    strict: options.strict ?? false,
    useDefaults: options.useDefaults ?? false,
    coerceTypes: options.coerceTypes ? 'array' : false,
    verbose: options.verbose ?? false,
  };
  if (options.keywords) settings.keywords = [...options.keywords];
  const ajv = new Ajv(settings);
  addFormats(ajv);
  return ajv;
}
