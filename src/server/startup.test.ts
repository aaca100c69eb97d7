import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { describeError } from './log';

const serverUrl = process.env.DATABASE_URL;
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

/** `npm run serve` as a child process; resolves with everything it printed once it listens or exits. */
function startInstance(env: Record<string, string>): Promise<{ listening: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), SEEDBED_LOG_LEVEL: 'debug', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Seedbed is listening')) resolve({ listening: true, output });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', () => resolve({ listening: false, output }));
  });
}

describe('instances started together', () => {
  it.skipIf(!serverUrl)(
    'both start on a fresh PostgreSQL database: migrations and the first administrator take turns',
    async () => {
      const name = `seedbed_start_${Date.now()}_${randomBytes(3).toString('hex')}`;
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      try {
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        const common = { DATABASE_URL: url.toString(), SEEDBED_ADMIN_EMAIL: 'first@example.org', SEEDBED_ADMIN_PASSWORD: 'a long enough passphrase' };
        const instances = await Promise.all(
          [0, 1].map((index) =>
            startInstance({
              ...common,
              PORT: String(43_000 + Math.floor(Math.random() * 10_000) + index),
              HOST: '127.0.0.1',
              SEEDBED_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-start-')),
            }),
          ),
        );
        for (const instance of instances) expect(instance.listening, instance.output).toBe(true);
        const database = postgres(url.toString(), { max: 1, onnotice: () => {} });
        const users = await database`select email, password_hash from users`;
        await database.end();
        expect(users.map((user) => user.email)).toEqual(['first@example.org']);
        // Whatever either printed, the administrator's password hash is not in it.
        for (const instance of instances) expect(instance.output).not.toContain(String(users[0]!.password_hash).split('$').pop());
      } finally {
        for (const child of started.splice(0)) child.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end({ timeout: 5 });
      }
    },
    90_000,
  );
});

describe('errors in the log', () => {
  it('name a failed query and its parameter count, never the values', () => {
    const hash = 'scrypt$32768$8$1$c2FsdA==$c2VjcmV0LWhhc2g=';
    const error = Object.assign(new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: first@example.org,${hash}`), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['first@example.org', hash],
      cause: new Error('duplicate key value violates unique constraint "users_email_unique"'),
    });
    const described = describeError(error);
    expect(described).toContain('insert into "users"');
    expect(described).toContain('2 parameters');
    expect(described).toContain('users_email_unique');
    expect(described).not.toContain(hash);
    expect(described).not.toContain('first@example.org');
  });

  it('cut a huge statement and leave out a whole CSV passed as parameters', () => {
    const csv = 'germplasmName,genus\n'.repeat(10_000);
    const described = describeError(Object.assign(new Error(`Failed query: x\nparams: ${csv}`), { query: `insert ${'x'.repeat(5000)}`, params: [csv], cause: new Error('boom') }));
    expect(described.length).toBeLessThan(3000);
    expect(described).not.toContain('germplasmName');
  });
});
