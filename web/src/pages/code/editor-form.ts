import type { ApiForm } from '../../ui/use-api-form';
import type { Draft } from '../code-form';

/** The code editor's form (useApiForm): the Draft as typed, the create or update body as sent. */
export type EditorForm = ApiForm<Draft, Record<string, unknown>>;
