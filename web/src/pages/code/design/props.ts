import type { FieldErrors } from '../../../ui/forms';
import type { DesignDraft } from '../design-form';

export interface DesignFieldsProps {
  value: DesignDraft;
  onChange(patch: Partial<DesignDraft>): void;
  /** messages by pointer (/style/module_shape, …) */
  errors: FieldErrors;
  /** what "not set" means here: the renderer's default, or the brand kit's value */
  unsetLabel: string;
}
