import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { fieldErrorsFromIssues, fieldMessageList, type ApiErrorBody } from '../../contract/errors';
import { NUL_MESSAGE, nulFieldOf } from '../../contract/fields';
import { DomainError, type DomainErrorKind } from '../domain-errors';
import { describeError } from '../log';
import { isDataException, sqlState } from '../db/errors';

/** zod-openapi calls this when a request part fails its schema: 400 with one message per field. */
export function validationHook(result: { success: true; data?: unknown; target: string } | { success: false; error: z.ZodError; target: string }, c: Context) {
  const where = result.target === 'json' ? 'request body' : `request ${result.target}`;
  if (result.success) {
    // PostgreSQL's text cannot hold NUL: refused here once for every field of every route.
    const field = nulFieldOf(result.data);
    if (field === null) return;
    return c.json({ message: `Invalid ${where}. ${field}: ${NUL_MESSAGE}.`, errors: { [field]: NUL_MESSAGE } } satisfies ApiErrorBody, 400);
  }
  const errors = fieldErrorsFromIssues(result.error.issues);
  return c.json({ message: `Invalid ${where}. ${fieldMessageList(errors)}`, errors } satisfies ApiErrorBody, 400);
}

export const STORAGE_REFUSED_MESSAGE = 'A value in this request cannot be stored: a number or date out of range, or a character such as NUL. Check the values and send it again.';

/** The status of each kind of domain error. */
const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  // A link that worked once and no longer does (a used or revoked invitation).
  gone: 410,
  'too-large': 413,
  'too-many-attempts': 429,
  'not-implemented': 501,
  unavailable: 503,
  // A server Seedbed asked on the person's behalf (an MLflow tracking server) failed: 502 Bad Gateway.
  upstream: 502,
};

/** Every thrown error ends here: known ones keep their status and message, the rest become a logged 500. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ ...error.details, message: error.message, ...(error.fields ? { errors: error.fields } : {}) } satisfies ApiErrorBody, STATUS_OF[error.kind]);
  }
  if (error instanceof HTTPException) {
    const message = error.status === 400 && /json/i.test(error.message) ? 'The request body is not valid JSON.' : error.message || 'Request failed';
    return c.json({ message } satisfies ApiErrorBody, error.status as ContentfulStatusCode);
  }
  const requestId = String(c.get('requestId') ?? 'unknown');
  if (isDataException(error)) {
    // A value the shared field schemas should have refused reached the database. Still the
    // client's input, so a 400 (without the database's words); logged so the gap gets closed.
    c.get('deps')?.log.warn('A request value reached the database and was refused there', { requestId, method: c.req.method, path: c.req.path, sqlState: sqlState(error) });
    return c.json({ message: STORAGE_REFUSED_MESSAGE, requestId } satisfies ApiErrorBody, 400);
  }
  c.get('deps')?.log.error('Unhandled error', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    error: describeError(error),
  });
  return c.json({ message: 'Something went wrong', requestId } satisfies ApiErrorBody, 500);
}
