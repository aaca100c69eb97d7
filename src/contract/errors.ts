import { z } from 'zod';

/** Every API error has this shape: a sentence for people and, for bad input, one message per field. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Turns zod issues into `{ field: message }`, keeping the first message for each field. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_body';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Field messages as one sentence's tail, "a: …; b: …", ending with one full stop, or with the
 * question a message asks ("… did you mean pageSize?"): what every refusal's summary says.
 */
export function fieldMessageList(errors: Record<string, string>): string {
  const list = Object.entries(errors)
    .map(([field, message]) => `${field}: ${message.replace(/\.$/, '')}`)
    .join('; ');
  return list.endsWith('?') ? list : `${list}.`;
}
