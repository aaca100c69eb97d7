// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../contract/runs';
import { eventStreamAnswer, jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { $liveMode } from '../../lib/live-events';
import { RunsTable } from './RunsTable';

const run = (status: RunSummary['status'], done: number): RunSummary => ({
  id: 26,
  name: 'gdip_race',
  pipelineId: 'nf-gdip',
  revision: '1.0.0',
  engine: 'local',
  status,
  statusReason: null,
  labels: [],
  groupId: null,
  groupName: null,
  projectId: null,
  projectName: null,
  experimentId: null,
  launchedBy: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  startedAt: '2026-11-27T10:00:01.000Z',
  completedAt: status === 'SUCCEEDED' ? '2026-11-27T10:00:03.000Z' : null,
  outputsRegistered: false,
  progress: { total: 6, done, running: 6 - done, failed: 0 },
  relatedRunId: null,
  relation: null,
});
const page = (rows: RunSummary[]) => ({ data: rows, pagination: { currentPage: 1, pageSize: 25, totalCount: rows.length, totalPages: 1 } });

const fetchMock = stubFetch();
beforeEach(() => $liveMode.set('connecting'));
afterEach(cleanup);
const listReads = () => fetchMock.mock.calls.filter(([input]) => /\/runs\?/.test(String(input))).length;

/** Opens the stream and waits until the page has done what its `ready` asks (read the list again). */
async function open(stream: ReturnType<typeof eventStreamAnswer>) {
  await act(async () => stream.sendEvent({ type: 'ready', at: '2026-11-27T10:00:00.000Z' }));
  await waitFor(() => expect($liveMode.get()).toBe('live'));
  await act(async () => {});
}

describe('the runs table on the live stream', () => {
  it('reads the list again when a run on it changed while the list was being read, so a run that ended then does not stay RUNNING', async () => {
    const stream = eventStreamAnswer();
    // Every read of the list waits until the test answers it.
    const reads: Array<(rows: RunSummary[]) => void> = [];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/events')) return stream.response;
      if (/\/runs\?/.test(url)) return new Promise<Response>((resolve) => reads.push((rows) => resolve(jsonResponse(page(rows)))));
      return jsonResponse({ data: [], pagination: { currentPage: 1, pageSize: 1000, totalCount: 0, totalPages: 0 } });
    });
    try {
      render(<RunsTable withFilters />);
      await open(stream);
      await waitFor(() => expect(reads.length).toBeGreaterThan(0));
      const asked = listReads();
      // The run ends after the server read the list and before the page has its answer.
      await act(async () => stream.sendEvent({ type: 'status', id: 26, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await act(async () => {
        for (const answer of reads.splice(0)) answer([run('RUNNING', 5)]);
      });
      await screen.findByText('gdip_race');
      await waitFor(() => expect(reads.length).toBe(1), { timeout: 5000 });
      expect(listReads()).toBe(asked + 1);
      await act(async () => reads.splice(0)[0]!([run('SUCCEEDED', 6)]));
      await waitFor(() => expect(document.querySelector('[data-status="SUCCEEDED"]')).not.toBeNull());
    } finally {
      stream.end();
    }
  });

  it('does not read again for changes to runs the page does not show', async () => {
    const stream = eventStreamAnswer();
    let reads = 0;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/events')) return stream.response;
      if (/\/runs\?/.test(url)) {
        reads += 1;
        return jsonResponse(page([run('RUNNING', 5)]));
      }
      return jsonResponse({ data: [], pagination: { currentPage: 1, pageSize: 1000, totalCount: 0, totalPages: 0 } });
    });
    try {
      render(<RunsTable withFilters />);
      await open(stream);
      await screen.findByText('gdip_race');
      const settled = reads;
      await act(async () => stream.sendEvent({ type: 'status', id: 99, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await act(async () => stream.sendEvent({ type: 'run', created: false, run: { ...run('RUNNING', 6), id: 98, name: 'elsewhere' } }));
      // A change to a run on the page still reads it again.
      await act(async () => stream.sendEvent({ type: 'status', id: 26, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await waitFor(() => expect(reads).toBe(settled + 1), { timeout: 5000 });
    } finally {
      stream.end();
    }
  });
});
