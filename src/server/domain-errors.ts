/**
 * What a service says went wrong, in words for the person at the other end, without knowing it is
 * answering HTTP: the run service, the rate limits and future jobs throw these, and the API's
 * error handler (http/errors.ts) turns each kind into its status. A job or a test can catch them
 * by kind.
 */
export type DomainErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'gone' | 'too-large' | 'too-many-attempts' | 'not-implemented' | 'unavailable' | 'upstream';

export class DomainError extends Error {
  override name = 'DomainError';
  /** More of the answer's body beside the message, such as an import's report. */
  details?: Record<string, unknown>;

  /** An error whose answer carries more than its message (an import's report). */
  static withDetails(kind: DomainErrorKind, message: string, details: Record<string, unknown>): DomainError {
    const error = new DomainError(kind, message);
    error.details = details;
    return error;
  }

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** One message per field, for input that is `invalid`. */
    readonly fields?: Record<string, string>,
    /** For `too-many-attempts`: when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
