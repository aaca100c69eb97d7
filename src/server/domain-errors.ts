/**
 * What a service says went wrong, in words for the person at the other end, without knowing it is
 * answering HTTP: the run service, the rate limits and future jobs throw these, and the API's
 * error handler (http/errors.ts) turns each kind into its status. A job or a test can catch them
 * by kind.
 */
export type DomainErrorKind = 'invalid' | 'not-found' | 'conflict' | 'too-large' | 'too-many-attempts' | 'not-implemented' | 'unavailable' | 'upstream';

export class DomainError extends Error {
  override name = 'DomainError';
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
