import { atom, computed } from 'nanostores';
import type { LoginRequest, LoginResponse, SessionCheckResponse, User } from '../../contract/auth';
import { request, setUnauthorizedHandler, writeStoredToken } from '../lib/api';

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: User | null;
}

/** unknown (check in progress) → signed-in (user set) or signed-out (user null). */
export const $session = atom<Session>({ status: 'unknown', user: null });
export const $user = computed($session, (session) => session.user);

/** Signed in means the session user has an id. */
export function isSignedIn(user: Pick<User, 'id'> | null | undefined): user is User {
  return Boolean(user?.id);
}

export function setSessionUser(user: User | null | undefined): void {
  $session.set(isSignedIn(user) ? { status: 'signed-in', user } : { status: 'signed-out', user: null });
}

let check: Promise<void> | undefined;

/** Runs the session check once per page load; failure signs out silently. */
export function checkSession(): Promise<void> {
  check ??= request<SessionCheckResponse>('authentication/check')
    .then((response) => setSessionUser(response.user))
    .catch(() => setSessionUser(null));
  return check;
}

/** Keeps a freshly issued token and its user (after login or accepting an invitation). */
export function adoptSession(response: LoginResponse): User {
  writeStoredToken(response.token);
  setSessionUser(response.user);
  return response.user;
}

export async function login(credentials: LoginRequest): Promise<User> {
  return adoptSession(await request<LoginResponse>('authentication/login', 'POST', credentials));
}

/** Ends the session on the server, then forgets it here even if the server could not be reached. */
export async function logout(): Promise<void> {
  try {
    await request('authentication/logout', 'POST');
  } finally {
    writeStoredToken('');
    setSessionUser(null);
  }
}

/** A call rejected with 401 means the token expired or was revoked elsewhere. */
setUnauthorizedHandler(() => {
  if ($session.get().status === 'signed-in') {
    writeStoredToken('');
    setSessionUser(null);
  }
});

/** For tests: forget the check so that the next call runs it again. */
export function resetSessionForTests(): void {
  check = undefined;
  $session.set({ status: 'unknown', user: null });
}
