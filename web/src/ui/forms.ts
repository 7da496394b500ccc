// The shared pieces of the dashboard's forms, one file each; screens import them from here.
export { toFormProblem, type FieldErrors, type FormProblem } from './form-problem';
export { useSubmit } from './use-submit';
export { useErrorText, useProblemMessage } from './problem-text';
export { ProblemAlert } from './ProblemAlert';
export { Field, type FieldControlProps } from './Field';
export { CopyButton } from './CopyButton';
export { saveBlob } from './save-blob';
export { queryProblem } from './query-problem';
