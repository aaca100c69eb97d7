import type { RunDetail, RunOutputs } from '../../contract/runs';
import type { TestApi } from './test-api';
import { waitFor } from './wait-for';

/** What a test does with runs through the API as `token`'s user: launch one, read it, wait for it to end. */
export function runClient(t: TestApi, token: string) {
  const launch = (body: Record<string, unknown>) => t.call('/runs', { method: 'POST', token, json: body });
  const get = async (id: number) => (await (await t.call(`/runs/${id}`, { token })).json()) as RunDetail;
  /** The run once it has ended, whichever way; a run that is still going after `timeoutMs` fails the test with its last state. */
  const untilEnded = (id: number, timeoutMs = 60_000) =>
    waitFor(
      () => get(id),
      (run) => ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(run.status),
      timeoutMs,
    );
  /**
   * A succeeded run's outputs once each is a stored file: they are registered as the run's process
   * exits, a moment after the run reads SUCCEEDED, so a test that reads them must wait for this.
   */
  const untilOutputsRegistered = (id: number, timeoutMs = 60_000) =>
    waitFor(
      async () => (await (await t.call(`/runs/${id}/outputs`, { token })).json()) as RunOutputs,
      (answer) => answer.outputs.length > 0 && answer.outputs.every((output) => output.fileId !== null),
      timeoutMs,
    );
  return { launch, get, untilEnded, untilOutputsRegistered };
}
