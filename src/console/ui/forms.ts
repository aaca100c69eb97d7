import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../app/notify';
import { RequestError } from '../lib/api';

/** A react-hook-form form on a shared zod schema, validating on change and on blur. */
export function useSchemaForm<Values extends FieldValues>(schema: z.ZodType<Values, Values>, defaultValues: DefaultValues<Values>): UseFormReturn<Values> {
  return useForm<Values>({ resolver: zodResolver(schema), mode: 'all', defaultValues });
}

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

/**
 * The usual end of a failed submit: field errors on their fields; a toast only when no field
 * shows what went wrong (a message already under its field is not repeated).
 */
export function reportSubmitError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): void {
  if (applyServerErrors(form, error)) return;
  notify.error(error instanceof Error ? error.message : undefined);
}
