import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** autocannon reports p90 and p97.5, not p95; p97.5 bounds p95 from above. */
  p97_5Ms: number;
  p99Ms: number;
  non2xx: number;
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

export async function load(url: string, options: { headers?: Record<string, string>; connections: number; seconds: number }): Promise<LoadResult> {
  // A short warm-up so that the JIT and the database caches are hot before we measure.
  await autocannon({ url, headers: options.headers, connections: options.connections, duration: 2 });
  const result = await autocannon({ url, headers: options.headers, connections: options.connections, duration: options.seconds });
  return { requestsPerSecond: result.requests.average, p97_5Ms: result.latency.p97_5, p99Ms: result.latency.p99, non2xx: result.non2xx };
}
