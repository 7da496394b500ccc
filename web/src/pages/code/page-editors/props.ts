import type { Draft } from '../../code-form';
import type { EditorForm } from '../editor-form';

/** What the page editors get: the form, its values as typed, and the type and flat content they belong to. */
export interface PageEditorProps {
  type: string;
  content: Record<string, string>;
  form: EditorForm;
  draft: Draft;
}
