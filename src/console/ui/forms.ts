import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../app/notify';
import { RequestError } from '../lib/api';

/**
 * A react-hook-form form on a shared zod schema, validating on change and on blur. The fields
 * hold the schema's input (`z.input`: what a person types, before defaults and transforms) and a
 * submit receives its output (`z.output`), so a schema that trims, defaults or transforms needs
 * no cast.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues = Input>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'all', defaultValues });
}

/**
 * A field's message once it should be shown: after the field was touched, or after a submit
 * (submitting marks every field touched).
 */
export function visibleError<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>, name: Path<T>): string | undefined {
  const { errors, touchedFields, submitCount } = form.formState;
  // A field of a list (methods.0.label) sits nested in both, as react-hook-form keeps them.
  const touched = Boolean(get(touchedFields, name)) || submitCount > 0;
  const error: { message?: unknown } | undefined = get(errors, name);
  return touched && typeof error?.message === 'string' ? error.message : undefined;
}

/** Puts the server's per-field errors on the matching inputs; returns whether any landed. */
export function applyServerErrors<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>, error: unknown): boolean {
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
export function reportSubmitError<T extends FieldValues, Output>(form: UseFormReturn<T, unknown, Output>, error: unknown): void {
  if (applyServerErrors(form, error)) return;
  notify.error(error instanceof Error ? error.message : undefined);
}
