import { createApi } from '../api';
import { readCatalogue } from '../pipelines/catalogue';
import { silentLogger } from '../log';
import { createUser } from '../services/users';
import { openTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct horse battery staple';

/** The API on a database of its own, with helpers to make users and sign them in. */
export async function createTestApi() {
  const database = await openTestDatabase();
  const api = createApi({
    database,
    log: silentLogger,
    trustProxy: true,
    version: 'test',
    corsOrigins: [],
    catalogue: readCatalogue('pipelines'),
  });

  let userCount = 0;
  async function createTestUser(overrides: { email?: string; name?: string; password?: string } = {}) {
    userCount += 1;
    return createUser(database.db, {
      email: overrides.email ?? `breeder${userCount}@example.org`,
      name: overrides.name ?? `Breeder ${userCount}`,
      password: overrides.password ?? TEST_PASSWORD,
    });
  }

  function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `token ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return api.request(path, { ...init, headers, body });
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await call('/authentication/login', { method: 'POST', json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  }

  /** A token of a fresh user, for tests about something other than accounts. */
  async function signInNewUser(): Promise<string> {
    return signIn((await createTestUser()).email);
  }

  return { api, database, db: database.db, call, createTestUser, signIn, signInNewUser, close: () => database.close() };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
