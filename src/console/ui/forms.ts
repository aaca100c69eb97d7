import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { RequestError } from '../lib/api';

/**
 * A field's message once it should be shown: after the field was touched, or after a submit
 * (submitting marks every field touched).
 */
export function visibleError<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  const { errors, touchedFields, submitCount } = form.formState;
  const touched = Boolean((touchedFields as Record<string, unknown>)[name]) || submitCount > 0;
  const error = errors[name];
  return touched && typeof error?.message === 'string' ? error.message : undefined;
}

/** Puts the server's per-field errors on the matching inputs; returns whether any landed. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const fields = Object.keys(form.getValues());
  let applied = false;
  for (const [field, message] of Object.entries(error.errors)) {
    if (fields.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
