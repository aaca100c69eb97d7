// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, request } from '../lib/api';
import { $session, checkSession, isSignedIn, login, logout, resetSessionForTests } from './session';

const user = { id: 7, email: 'ada@example.org', name: 'Ada', createdAt: '2026-01-01T00:00:00.000Z', lastLoginAt: null };
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  resetSessionForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('$session', () => {
  it('starts unknown', () => {
    expect($session.get()).toEqual({ status: 'unknown', user: null });
  });

  it('becomes signed-in when the check returns a user with an id', async () => {
    fetchMock.mockResolvedValueOnce(json({ user }));
    await checkSession();
    expect($session.get()).toEqual({ status: 'signed-in', user });
  });

  it('becomes signed-out, silently, when the check fails', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'You are not signed in' }, 401));
    await expect(checkSession()).resolves.toBeUndefined();
    expect($session.get()).toEqual({ status: 'signed-out', user: null });
  });

  it('is signed-out when the check returns a user without an id', async () => {
    fetchMock.mockResolvedValueOnce(json({ user: { email: 'x@example.org' } }));
    await checkSession();
    expect($session.get().status).toBe('signed-out');
  });

  it('runs the check only once per page load', async () => {
    fetchMock.mockResolvedValue(json({ user }));
    await Promise.all([checkSession(), checkSession()]);
    await checkSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('login stores the token under "token" and sets the user', async () => {
    fetchMock.mockResolvedValueOnce(json({ token: 'tok-123', user }));
    await login({ email: user.email, password: 'secret' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-123');
    expect($session.get()).toEqual({ status: 'signed-in', user });
  });

  it('a failed login leaves the session signed-out and the token untouched', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, '');
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid email or password.' }, 401));
    await expect(login({ email: user.email, password: 'wrong' })).rejects.toThrow('Invalid email or password.');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('');
    expect($session.get().status).not.toBe('signed-in');
  });

  it('logout calls the API, clears the user and blanks the token', async () => {
    fetchMock.mockResolvedValueOnce(json({ token: 'tok-123', user })).mockResolvedValueOnce(json(null, 204));
    await login({ email: user.email, password: 'secret' });
    await logout();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/authentication/logout');
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('Authorization')).toBe('Bearer tok-123');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('');
    expect($session.get()).toEqual({ status: 'signed-out', user: null });
  });

  it('logout still signs out here when the server cannot be reached', async () => {
    fetchMock.mockResolvedValueOnce(json({ token: 'tok-123', user })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await login({ email: user.email, password: 'secret' });
    await expect(logout()).rejects.toThrow('Failed to fetch');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('');
    expect($session.get().status).toBe('signed-out');
  });

  it('a 401 on a later call ends a signed-in session', async () => {
    fetchMock.mockResolvedValueOnce(json({ token: 'tok-123', user })).mockResolvedValueOnce(json({ message: 'expired' }, 401));
    await login({ email: user.email, password: 'secret' });
    await expect(request('projects')).rejects.toThrow('expired');
    expect($session.get().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('');
  });
});

describe('isSignedIn', () => {
  it('is decided by the user having an id', () => {
    expect(isSignedIn(user)).toBe(true);
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn({ id: 0 })).toBe(false);
  });
});
