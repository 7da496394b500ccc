import type { ApiForm } from '../../ui/use-api-form';
import type { Draft } from '../code-form';
import type { MoreDraft } from './content-draft';
import type { PageContent } from './page-draft';

/** The code editor's form (useApiForm): the Draft as typed, the create or update body as sent. */
export type EditorForm = ApiForm<Draft, Record<string, unknown>>;

/** The hosted page's part of the form, typed: the Draft's `content` is a record of every type's fields. */
export type PageForm = ApiForm<{ content: PageContent; more: MoreDraft }, Record<string, unknown>>;
export const pageForm = (form: EditorForm) => form as unknown as PageForm;
