import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RunStatus } from '../../contract/runs';
import { runs } from '../db/schema';
import { setUpTestApi } from '../testing/test-api';
import { hashSecret } from './weblog';

const SECRET = 'silent-run-secret-0123456789abcdef';
const api = setUpTestApi({ runs: {} });
const MINUTE = 60_000;

async function aRun(values: { engine: 'nextflow' | 'local'; status: RunStatus; lastEventAt: Date | null }) {
  const [run] = await api.t.db
    .insert(runs)
    .values({
      name: `silent_${values.engine}_${Date.now()}`,
      pipelineId: 'nf-processvcfs',
      revision: '3.0.1',
      params: {},
      weblogSecretHash: hashSecret(SECRET),
      startedAt: new Date(Date.now() - 60 * MINUTE),
      ...values,
    })
    .returning();
  return run!.id;
}

/** The run as stored, once the weblog's task events answered so far are (an API read waits for them the same way). */
const statusOf = async (id: number) => {
  await api.t.api.deps.weblog.writer.settled();
  return (await api.t.db.select({ status: runs.status, reason: runs.statusReason }).from(runs).where(eq(runs.id, id)))[0]!;
};

describe('runs that went silent', () => {
  it('a nextflow run nobody here watches, silent for longer than the limit, becomes UNKNOWN with the reason; its next event brings it back', async () => {
    const silent = await aRun({ engine: 'nextflow', status: 'RUNNING', lastEventAt: new Date(Date.now() - 20 * MINUTE) });
    const recent = await aRun({ engine: 'nextflow', status: 'RUNNING', lastEventAt: new Date(Date.now() - 2 * MINUTE) });
    // A local run is always watched by its own process; an ended run is left alone.
    const local = await aRun({ engine: 'local', status: 'RUNNING', lastEventAt: new Date(Date.now() - 20 * MINUTE) });
    const ended = await aRun({ engine: 'nextflow', status: 'SUCCEEDED', lastEventAt: new Date(Date.now() - 20 * MINUTE) });

    const marked = await api.t.runService!.markSilent(10 * MINUTE);
    expect(marked).toContain(silent);
    expect(marked).not.toContain(recent);
    expect(marked).not.toContain(local);
    expect(marked).not.toContain(ended);
    const gone = await statusOf(silent);
    expect(gone.status).toBe('UNKNOWN');
    expect(gone.reason).toMatch(
      /^No event from Nextflow for more than 10 minutes \(the last at \d{4}-\d\d-\d\d \d\d:\d\d UTC\), and this Seedbed instance does not watch its process\. It may still be running/,
    );

    // A task event: the run is running again, the reason gone.
    const response = await api.t.call(`/runs/${silent}/weblog?secret=${SECRET}`, {
      method: 'POST',
      json: {
        runName: 'silent',
        runId: '6f0c1f4e-2b5d-4a43-9e63-2d7c38d1b2aa',
        event: 'process_started',
        utcTime: new Date().toISOString(),
        trace: {
          task_id: 1,
          status: 'RUNNING',
          hash: 'ab/cdef12',
          name: 'CALL (1)',
          exit: 2147483647,
          submit: Date.now() - 1000,
          start: Date.now(),
          process: 'CALL',
          tag: null,
          workdir: '/work/ab/cdef12',
        },
      },
    });
    expect(response.status).toBe(204);
    expect(await statusOf(silent)).toEqual({ status: 'RUNNING', reason: null });
    // And it has just been heard from: not silent now.
    expect(await api.t.runService!.markSilent(10 * MINUTE)).not.toContain(silent);
  });
});
