import type { FieldErrors } from '../../../ui/forms';
import type { ApiForm } from '../../../ui/use-api-form';
import type { DesignDraft } from '../design-form';

/** A form whose `style` holds the design fields at the body's names: the code editor's, the brand kit's. */
export type DesignForm = Pick<
  ApiForm<{ style: DesignDraft }, unknown>,
  'register' | 'control' | 'shown' | 'setValue'
> & {
  /** messages by pointer (/style/module_shape, …): the save's and the live preview's */
  fields: FieldErrors;
};

/** Either form as the design fields see it: only its `style`'s design members. */
export const designForm = (form: object, fields: FieldErrors) => ({ ...form, fields }) as unknown as DesignForm;

export interface DesignFieldsProps {
  form: DesignForm;
  /** what "not set" means here: the renderer's default, or the brand kit's value */
  unsetLabel: string;
}
