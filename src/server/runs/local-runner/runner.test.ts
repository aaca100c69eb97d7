import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_RUNNER, type LocalRunFile, typeScriptFlags } from '../engines/local';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A weblog that takes the connection of its first post and never answers it, and answers every later post 204. */
async function weblogSilentOnce() {
  const events: string[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      events.push((JSON.parse(body) as { event: string }).event);
      if (events.length === 1) held.push(response);
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/weblog`,
    events,
    close: () => {
      for (const response of held) response.destroy();
      server.close();
    },
  };
}

describe('the local runner', () => {
  it('sends a post again when Seedbed took it and never answered, and the run goes on', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-runner-'));
    folders.push(folder);
    const entry = path.join(folder, 'pipeline.mjs');
    fs.writeFileSync(entry, "export async function run(context) { await context.task('HELLO', null, () => 1); }\n");
    const paramsFile = path.join(folder, 'params.json');
    fs.writeFileSync(paramsFile, JSON.stringify({ outdir: path.join(folder, 'results') }));
    const weblog = await weblogSilentOnce();
    let child: ReturnType<typeof spawn> | undefined;
    try {
      const runFile: LocalRunFile = {
        runName: 'silent_weblog',
        sessionId: 'session-1',
        pipelineId: 'nf-test',
        entry,
        paramsFile,
        workDir: path.join(folder, 'work'),
        weblogUrl: weblog.url,
        weblogTimeoutMs: 300,
      };
      const file = path.join(folder, 'local-run.json');
      fs.writeFileSync(file, JSON.stringify(runFile));
      child = spawn(process.execPath, [...typeScriptFlags(), LOCAL_RUNNER, file], { cwd: folder, stdio: 'ignore' });
      const code = await new Promise<number | null>((resolve) => child?.on('exit', resolve));
      expect(code).toBe(0);
      // The first `started` was never answered: it went again, and every later event once.
      expect(weblog.events).toEqual(['started', 'started', 'process_submitted', 'process_started', 'process_completed', 'completed']);
    } finally {
      if (child?.exitCode === null) child.kill('SIGKILL');
      weblog.close();
    }
  });
});
