/**
 * The one request helper. Every call to the admin API goes through `request`, which adds the
 * base URL and the stored token and turns failures into errors with a readable message.
 */
export const API_BASE_URL = withTrailingSlash(import.meta.env.PUBLIC_API_BASE_URL || '/api/');
export const TOKEN_STORAGE_KEY = 'token';
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call. `message` follows the precedence of the specification; `errors` holds field errors. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function readStoredToken(): string {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The signed-in person's credential as every call sends it (Bearer, as the API reference says); none when signed out. */
export function authorization(): { Authorization?: string } {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function writeStoredToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be disabled (private mode); the session then lasts for this page only.
  }
}

let onUnauthorized: (() => void) | undefined;
/** Called when a call that carried a token gets 401: the session ended on the server. */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

/** How often a GET answered 503 is sent again before its error is shown, and the longest wait between. */
const BUSY_RETRIES = 2;
const MAX_BUSY_WAIT_MS = 5000;

/** Retry-After in seconds (the only form Seedbed sends) as milliseconds, within 0.5–5 s. */
function retryAfterMs(header: string): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_BUSY_WAIT_MS) : 500;
}

export async function request<T = unknown>(path: string, method: HttpMethod = 'GET', body?: unknown, contentType = 'application/json'): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authorization() };

  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (body instanceof FormData) {
      payload = body; // the browser sets the multipart boundary
    } else {
      headers['Content-Type'] = contentType;
      payload = typeof body === 'string' || body instanceof Blob ? body : JSON.stringify(body);
    }
  }

  let response: Response;
  let text: string;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(API_BASE_URL + path.replace(/^\//, ''), { method, headers, body: payload });
      text = await response.text();
    } catch (error) {
      throw new RequestError(error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE, 0, null);
    }
    // A busy server (the embedded database's queue is full) says when to ask again: a read is, quietly.
    const retryAfter = response.headers.get('Retry-After');
    if (method !== 'GET' || response.status !== 503 || retryAfter === null || attempt >= BUSY_RETRIES) break;
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(retryAfter)));
  }

  const parsed = parseBody(text, response.headers.get('content-type'));
  if (!response.ok) {
    if (response.status === 401 && headers.Authorization) onUnauthorized?.();
    throw new RequestError(errorMessage(parsed, text, response.statusText), response.status, parsed, fieldErrors(parsed));
  }
  return parsed as T;
}

/**
 * Sends a file as the request body with XMLHttpRequest, which (unlike fetch) reports upload
 * progress: `onProgress` gets the fraction sent, 0 to 1. Errors are the same RequestError.
 */
export function upload<T = unknown>(path: string, file: Blob, onProgress?: (fraction: number) => void, method: HttpMethod = 'POST'): Promise<T> {
  const { Authorization } = authorization();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, API_BASE_URL + path.replace(/^\//, ''));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (Authorization) xhr.setRequestHeader('Authorization', Authorization);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    xhr.onerror = () => reject(new RequestError(FALLBACK_ERROR_MESSAGE, 0, null));
    xhr.onload = () => {
      const parsed = parseBody(xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 401 && Authorization) onUnauthorized?.();
      reject(new RequestError(errorMessage(parsed, xhr.responseText, xhr.statusText), xhr.status, parsed, fieldErrors(parsed)));
    };
    xhr.send(file);
  });
}

/** In order: the server's `message`; the whole body; the client's own message; a fixed fallback. */
export function errorMessage(parsed: unknown, text: string, clientMessage?: string): string {
  if (isRecord(parsed) && typeof parsed.message === 'string' && parsed.message.trim()) return parsed.message;
  if (text.trim()) return text;
  if (clientMessage?.trim()) return clientMessage;
  return FALLBACK_ERROR_MESSAGE;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function fieldErrors(parsed: unknown): Record<string, string> {
  if (!isRecord(parsed) || !isRecord(parsed.errors)) return {};
  return Object.fromEntries(Object.entries(parsed.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
