import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database } from './db/client';
import { users } from './db/schema';
import type { Logger } from './log';
import { createUser } from './services/users';

export const DEFAULT_ADMIN_EMAIL = 'admin@seedbed.local';

/**
 * On an empty database, creates the first administrator. Without a configured password a
 * random one is generated and printed once; it is never stored in clear or printed again.
 */
export async function ensureAdministrator(
  db: Database,
  log: Logger,
  configured: { email?: string | undefined; password?: string | undefined },
  announce: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const [row] = await db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) return;
  const email = configured.email ?? DEFAULT_ADMIN_EMAIL;
  const password = configured.password ?? randomBytes(12).toString('base64url');
  await createUser(db, { email, name: 'Administrator', password });
  log.info('Created the first administrator', { email });
  if (!configured.password) {
    announce(
      [
        '',
        '  Seedbed created the first administrator:',
        `    email:    ${email}`,
        `    password: ${password}`,
        '  This password is shown only once. Sign in and change it under Settings → Change password.',
        '',
        '',
      ].join('\n'),
    );
  }
}
