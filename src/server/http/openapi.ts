import type { z } from '@hono/zod-openapi';
import { apiErrorSchema } from '../../contract/errors';

/** The JSON error responses a route can give, for its OpenAPI declaration. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 501 | 502 | 503>) {
  const descriptions = {
    400: 'Invalid input; `errors` names each bad field',
    401: 'Not signed in, or the token expired',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflicts with existing data',
    410: 'Gone: used, withdrawn or expired',
    413: 'Too large',
    429: 'Too many attempts',
    501: 'Not available on this server (e.g. no local implementation)',
    502: 'A server Seedbed asked on your behalf (an MLflow tracking server) failed or could not be reached; the message names it',
    503: 'This server cannot do it as configured now (e.g. nextflow is not installed, or no SEEDBED_PUBLIC_URL for a link); the message says what to set',
  } as const;
  return Object.fromEntries(statuses.map((status) => [status, { description: descriptions[status], content: { 'application/json': { schema: apiErrorSchema } } }]));
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}
