// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, RequestError, TOKEN_STORAGE_KEY } from './api';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const respond = (body: string, init: ResponseInit & { json?: boolean } = {}) =>
  fetchMock.mockResolvedValueOnce(new Response(body || null, { ...init, headers: init.json === false ? { 'Content-Type': 'text/plain' } : { 'Content-Type': 'application/json' } }));

async function failureOf(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('request', () => {
  it('calls the base URL plus the path with the stored token and returns the parsed body', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc123');
    respond('{"user":{"id":1}}');
    await expect(request('authentication/check')).resolves.toEqual({ user: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/authentication/check');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc123');
  });

  it('sends a JSON body with its content type, and other bodies as given', async () => {
    respond('{}');
    await request('authentication/login', 'POST', { email: 'a@b.org', password: 'pw' });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"email":"a@b.org","password":"pw"}' });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Content-Type')).toBe('application/json');

    respond('', { json: false });
    await request('files', 'PUT', 'a,b\n1,2', 'text/csv');
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'PUT', body: 'a,b\n1,2' });
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('Content-Type')).toBe('text/csv');
  });

  it('returns null for an empty 204', async () => {
    respond('', { status: 204 });
    await expect(request('authentication/logout', 'POST')).resolves.toBeNull();
  });

  describe('error message precedence', () => {
    it('1. the server’s message field, with its field errors and status', async () => {
      respond('{"message":"Invalid email or password.","errors":{"email":"Required"}}', { status: 401, statusText: 'Unauthorized' });
      const error = await failureOf(request('authentication/login', 'POST', {}));
      expect(error.message).toBe('Invalid email or password.');
      expect(error.status).toBe(401);
      expect(error.errors).toEqual({ email: 'Required' });
    });

    it('2. the whole response body when there is no message field', async () => {
      respond('{"detail":"nope"}', { status: 400, statusText: 'Bad Request' });
      expect((await failureOf(request('x'))).message).toBe('{"detail":"nope"}');
      respond('Bad gateway from the proxy', { status: 502, statusText: 'Bad Gateway', json: false });
      expect((await failureOf(request('x'))).message).toBe('Bad gateway from the proxy');
    });

    it('3. the client’s own error message when the body is empty or the call never arrived', async () => {
      respond('', { status: 503, statusText: 'Service Unavailable' });
      expect((await failureOf(request('x'))).message).toBe('Service Unavailable');
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      const error = await failureOf(request('x'));
      expect(error.message).toBe('Failed to fetch');
      expect(error.status).toBe(0);
    });

    it('4. "Something went wrong" when there is nothing else', async () => {
      respond('', { status: 500, statusText: '' });
      expect((await failureOf(request('x'))).message).toBe('Something went wrong');
      fetchMock.mockRejectedValueOnce(new Error(''));
      expect((await failureOf(request('x'))).message).toBe('Something went wrong');
    });
  });
});

describe('a busy server', () => {
  const busy = () => fetchMock.mockResolvedValueOnce(new Response('{"message":"Seedbed is busy"}', { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } }));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is asked again after the Retry-After it names, for a read', async () => {
    vi.useFakeTimers();
    busy();
    respond('{"runs":[]}');
    const answer = request('runs');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ runs: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows its message when it stays busy, after two more tries', async () => {
    vi.useFakeTimers();
    busy();
    busy();
    busy();
    const failure = failureOf(request('runs'));
    await vi.advanceTimersByTimeAsync(2000);
    const error = await failure;
    expect(error.status).toBe(503);
    expect(error.message).toBe('Seedbed is busy');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is not asked again for a write, which may have been done', async () => {
    busy();
    expect((await failureOf(request('runs', 'POST', {}))).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
