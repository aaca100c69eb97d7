import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from './log';

const serverUrl = process.env.DATABASE_URL;
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * `npm run serve` as a child process, under the umask most machines have (022); resolves with
 * everything it printed once it listens or exits. `output()` reads what it printed since.
 */
function startInstance(env: Record<string, string>): Promise<{ listening: boolean; output: string; child: ChildProcess; printed: () => string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'umask 022 && exec "$0" --import tsx src/server/main.ts', process.execPath], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), SEEDBED_LOG_LEVEL: 'debug', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    const printed = () => output;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Seedbed is listening')) resolve({ listening: true, output, child, printed });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', () => resolve({ listening: false, output, child, printed }));
  });
}

/** Kills `child` and resolves once it has exited. */
function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** `npm run seed:demo` as a child process; resolves with its exit code and everything it printed. */
function seedDemo(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], { env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Every file and folder under `folder` with its permission bits. */
function modesUnder(folder: string): Array<{ entry: string; mode: number; isDirectory: boolean }> {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => {
    const stat = fs.lstatSync(path.join(folder, name));
    return { entry: name, mode: stat.mode & 0o777, isDirectory: stat.isDirectory() };
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
        // Both instances are gone before their database is dropped.
        await Promise.all(started.splice(0).map(killed));
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

describe('one embedded database, two processes (real processes, a data folder an older Seedbed left open)', () => {
  const password = 'a long enough passphrase';
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-shared-')), 'data');
  const port = 43_000 + Math.floor(Math.random() * 10_000);
  const env = { SEEDBED_DATA_DIR: dataDir, HOST: '127.0.0.1', SEEDBED_ADMIN_EMAIL: 'first@example.org', SEEDBED_ADMIN_PASSWORD: password };
  let first: Awaited<ReturnType<typeof startInstance>>;

  beforeAll(async () => {
    // As Seedbed left it before: 0755 folders, an upload readable by everyone.
    fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'old-upload.vcf'), '##fileformat=VCFv4.2\n');
    for (const [entry, mode] of [
      ['files/old-upload.vcf', 0o644],
      ['files', 0o755],
      ['.', 0o755],
    ] as const)
      fs.chmodSync(path.join(dataDir, entry), mode);
    first = await startInstance({ ...env, PORT: String(port) });
    expect(first.listening, first.output).toBe(true);
  }, 240_000);
  afterAll(() => {
    first?.child.kill('SIGTERM');
  });

  async function signIn(): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${port}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.org', password }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  it('a second server refuses the folder, naming the process that holds it and what to do; the first keeps serving', async () => {
    const second = await startInstance({ ...env, PORT: String(port + 1) });
    expect(second.listening).toBe(false);
    expect(second.child.exitCode).toBe(1);
    expect(second.output).toContain(
      `The embedded database in ${dataDir}/pglite is in use by another process: pid ${first.child.pid} on this machine, started as \`node src/server/main.ts\`, holding it since 20`,
    );
    expect(second.output).toContain(
      `Stop that process first (Ctrl+C in its terminal, or kill ${first.child.pid}), or give this one another SEEDBED_DATA_DIR; to run several instances at once, use PostgreSQL (DATABASE_URL).`,
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }, 240_000);

  it('npm run seed:demo loads through the running server, and every page of the data is there', async () => {
    const seeded = await seedDemo(env);
    expect(seeded.output).toContain(`Seedbed's server holds the database (pid ${first.child.pid} on this machine`);
    expect(seeded.output).toMatch(/Loaded the demo data: 2 projects|The demo data is already there/);
    expect(seeded.code, seeded.output).toBe(0);
    const token = await signIn();
    const page = (await (await fetch(`http://127.0.0.1:${port}/api/accessions?pageSize=50`, { headers: { authorization: `token ${token}` } })).json()) as {
      data: unknown[];
      pagination: { totalCount: number };
    };
    expect(page.pagination.totalCount).toBe(500);
    expect(page.data).toHaveLength(50);
    const sampleFiles = (await (await fetch(`http://127.0.0.1:${port}/api/files?pageSize=50&q=sample`, { headers: { authorization: `token ${token}` } })).json()) as {
      pagination: { totalCount: number };
    };
    expect(sampleFiles.pagination.totalCount).toBeGreaterThanOrEqual(1);
    // Once more: nothing doubles.
    const again = await seedDemo(env);
    expect(again.output).toContain('The demo data is already there; nothing changed.');
    expect(again.code).toBe(0);
  }, 240_000);

  it('the folder is private: the open one was repaired with a warning, and nothing in it is readable by other users', async () => {
    expect(first.output).toContain(`The data folder ${dataDir} was readable by other users of this machine: Seedbed removed group and other permissions from 1 files and 2 folders`);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = modesUnder(dataDir);
    // The database's own files included (PGlite writes a new database 0666).
    expect(entries.filter((entry) => entry.entry.startsWith('pglite/')).length).toBeGreaterThan(500);
    expect(entries.filter((entry) => (entry.isDirectory ? entry.mode !== 0o700 : entry.mode !== 0o600))).toEqual([]);
    expect(entries.map((entry) => entry.entry)).toContain(path.join('secrets', 'download-signing.key'));
  });
});
