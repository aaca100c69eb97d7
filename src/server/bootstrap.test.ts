import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/passwords';
import { DEFAULT_ADMIN_EMAIL, ensureAdministrator } from './bootstrap';
import type { DatabaseHandle } from './db/client';
import { silentLogger } from './log';
import { findUserByEmail } from './services/users';
import { openTestDatabase } from './testing/test-database';

let database: DatabaseHandle | undefined;
afterEach(async () => database?.close());

describe('the first administrator', () => {
  it('is created from the configured email and password, and only once', async () => {
    database = await openTestDatabase();
    const printed: string[] = [];
    const configured = { email: 'Head.Breeder@example.org', password: 'a long passphrase' };
    await ensureAdministrator(database.db, silentLogger, configured, (text) => printed.push(text));
    await ensureAdministrator(database.db, silentLogger, { email: 'other@example.org', password: 'another passphrase' });
    const admin = await findUserByEmail(database.db, 'head.breeder@example.org');
    expect(admin).toBeDefined();
    expect(await verifyPassword('a long passphrase', admin!.passwordHash)).toBe(true);
    expect(await findUserByEmail(database.db, 'other@example.org')).toBeUndefined();
    expect(printed).toEqual([]);
  });

  it('defaults to admin@seedbed.local with a random password printed once', async () => {
    database = await openTestDatabase();
    const printed: string[] = [];
    await ensureAdministrator(database.db, silentLogger, {}, (text) => printed.push(text));
    await ensureAdministrator(database.db, silentLogger, {}, (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^.{16,}$/);
    const admin = await findUserByEmail(database.db, DEFAULT_ADMIN_EMAIL);
    expect(await verifyPassword(password!, admin!.passwordHash)).toBe(true);
  });
});
