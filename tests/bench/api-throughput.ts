import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { repeat } from './repeats';

export interface LoadResult {
  requestsPerSecond: number;
  /** autocannon reports p90 and p97.5, not p95; p97.5 bounds p95 from above. */
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
  /**
   * The server process's CPU time (user and system) per answered request, when its pid is given.
   * Unlike the throughput, it does not depend on how fast the load generator, sharing the
   * machine's cores, can send: a route's cost beside a bare one's, whichever limits the run.
   */
  cpuMicrosPerRequest: number | null;
}

/** CPU seconds (user and system) a process has used, from /proc (Linux counts in USER_HZ, 100 a second). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ", utime and stime are the 12th and 13th fields.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A process's CPU microseconds per unit of work done while `work` ran. */
export async function cpuPerUnit<T>(pid: number | undefined, work: () => Promise<T>, units: (result: T) => number): Promise<{ result: T; cpuMicrosPerUnit: number | null }> {
  const before = pid === undefined ? null : cpuSecondsOf(pid);
  const result = await work();
  const after = pid === undefined ? null : cpuSecondsOf(pid);
  const count = units(result);
  return { result, cpuMicrosPerUnit: before === null || after === null || count === 0 ? null : ((after - before) * 1e6) / count };
}

/** Starts a server script in its own process (so the load generator does not share its event loop). */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers under load.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // tsx as a loader in this one process (its CLI would run the script in a child of its own).
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.BENCH_LOG_LEVEL) process.stderr.write(chunk);
      const match = /PORT (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return { port, child };
}

/** Ends a server started by startServer and answers once it has exited (at once if it already had). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Loads `url`; `pid`, the server's process, adds its CPU time per request. */
export async function load(url: string, options: { headers?: Record<string, string>; connections: number; seconds: number; pid?: number | undefined }): Promise<LoadResult> {
  // A short warm-up so that the JIT and the database caches are hot before we measure.
  await autocannon({ url, headers: options.headers, connections: options.connections, duration: 2 });
  const { result, cpuMicrosPerUnit } = await cpuPerUnit(
    options.pid,
    () => autocannon({ url, headers: options.headers, connections: options.connections, duration: options.seconds }),
    (done) => done.requests.total,
  );
  return { requestsPerSecond: result.requests.average, p97_5Ms: result.latency.p97_5, p99Ms: result.latency.p99, non2xx: result.non2xx, cpuMicrosPerRequest: cpuMicrosPerUnit };
}

export const BENCH_ADMIN = { email: 'bench@seedbed.local', password: 'bench passphrase 1' };

/** Signs in to the API at `base` (…/api/) as the bench's administrator and answers the session token. */
export async function benchToken(base: string): Promise<string> {
  const response = await fetch(`${base}authentication/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
  return ((await response.json()) as { token: string }).token;
}

/** Seedbed's server on a scratch data folder (and PostgreSQL when given), signed in as its administrator. */
export async function startSignedInSeedbed(root: string, options: { dataDir: string; databaseUrl?: string | undefined }) {
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), {
    SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    BENCH_DATA_DIR: options.dataDir,
    BENCH_DATABASE_URL: options.databaseUrl ?? '',
  });
  const base = `http://127.0.0.1:${server.port}/api/`;
  const token = await benchToken(base);
  return { server, base, token, headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' } };
}

/** One repeat of the check bench: bare Hono hello, then `authentication/check`, back to back. */
export interface CheckRepeat {
  hello: LoadResult;
  check: LoadResult;
}

/**
 * `authentication/check` (a signed-in session, PGlite) against a bare Hono hello on the same Node
 * adapter, both loaded by the same autocannon in this process, each repeat measuring both.
 */
export async function benchCheck(root: string, options: { connections: number; seconds: number }): Promise<CheckRepeat[]> {
  const hello = await startServer(path.join(root, 'tests/bench/hello-server.ts'));
  const seedbed = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), { SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email, SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const base = `http://127.0.0.1:${seedbed.port}/api/`;
    const token = await benchToken(base);
    return await repeat(async () => ({
      hello: await load(`http://127.0.0.1:${hello.port}/hello`, { ...options, pid: hello.child.pid }),
      check: await load(`${base}authentication/check`, { ...options, headers: { Authorization: `token ${token}` }, pid: seedbed.child.pid }),
    }));
  } finally {
    hello.child.kill('SIGTERM');
    seedbed.child.kill('SIGTERM');
  }
}

const residentBytes = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

/** Samples a process's resident memory every `everyMs` until `stop()`, which answers its growth at the peak. */
export function watchMemoryGrowth(pid: number, everyMs: number): { stop(): number } {
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      return peak - baseline;
    },
  };
}
