// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunSummary } from '../../../contract/runs';
import { eventStreamAnswer, jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { $liveMode } from '../../lib/live-events';
import { RunsTable } from './RunsTable';

const run = (status: RunSummary['status'], done: number, id = 26): RunSummary => ({
  id,
  name: id === 26 ? 'gdip_race' : `run_${id}`,
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
const START = Date.parse('2026-11-27T10:00:00.000Z');
// Only the clock is faked, so that an event comes strictly after the read it races (timers are real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  $liveMode.set('connecting');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const listReads = () => fetchMock.mock.calls.filter(([input]) => /\/runs\?/.test(String(input))).length;
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** Long enough for a read the page wrongly asked for to have been asked (the live re-reads come at most every 500 ms). */
const quietFor = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 800)));
const emptyPage = { data: [], pagination: { currentPage: 1, pageSize: 1000, totalCount: 0, totalPages: 0 } };

/** Opens the stream and waits until the page has done what its `ready` asks (read the list again). */
async function open(stream: ReturnType<typeof eventStreamAnswer>) {
  await act(async () => stream.sendEvent({ type: 'ready', at: '2026-11-27T10:00:00.000Z' }));
  await waitFor(() => expect($liveMode.get()).toBe('live'));
  await act(async () => {});
}

/** The list answers `rows()` at once; the stream is the test's. */
function answering(rows: () => RunSummary[]) {
  const stream = eventStreamAnswer();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/events')) return stream.response;
    if (/\/runs\?/.test(url)) return jsonResponse(page(rows()));
    return jsonResponse(emptyPage);
  });
  return stream;
}

/** The table, open on the stream and showing its first page; answers how many reads that took, a second on. */
async function shownSettled(stream: ReturnType<typeof eventStreamAnswer>) {
  render(<RunsTable withFilters />);
  await open(stream);
  await screen.findByText('gdip_race');
  later(1000);
  return listReads();
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
      return jsonResponse(emptyPage);
    });
    try {
      render(<RunsTable withFilters />);
      await open(stream);
      await waitFor(() => expect(reads.length).toBeGreaterThan(0));
      const asked = listReads();
      // The run ends after the server read the list and before the page has its answer.
      later(10);
      await act(async () => stream.sendEvent({ type: 'status', id: 26, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await act(async () => {
        for (const answer of reads.splice(0)) answer([run('RUNNING', 5)]);
      });
      await screen.findByText('gdip_race');
      await waitFor(() => expect(reads.length).toBe(1), { timeout: 5000 });
      await act(async () => reads.splice(0)[0]!([run('SUCCEEDED', 6)]));
      await waitFor(() => expect(document.querySelector('[data-status="SUCCEEDED"]')).not.toBeNull());
      // One read more, and no more after it.
      await quietFor();
      expect(listReads()).toBe(asked + 1);
    } finally {
      stream.end();
    }
  });

  it('does not read again for changes to runs the page does not show, and does for one it shows', async () => {
    const stream = answering(() => [run('RUNNING', 5)]);
    try {
      const settled = await shownSettled(stream);
      await act(async () => stream.sendEvent({ type: 'status', id: 99, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await act(async () => stream.sendEvent({ type: 'run', created: false, run: { ...run('RUNNING', 6, 98) } }));
      await quietFor();
      expect(listReads()).toBe(settled);
      await act(async () => stream.sendEvent({ type: 'status', id: 26, status: 'SUCCEEDED', previous: 'RUNNING' }));
      await waitFor(() => expect(listReads()).toBe(settled + 1));
      await quietFor();
      expect(listReads()).toBe(settled + 1);
    } finally {
      stream.end();
    }
  });

  it('reads a newly launched run once: its first status, sent before the run itself, is already in that read', async () => {
    let rows = [run('RUNNING', 5)];
    const stream = answering(() => rows);
    try {
      const settled = await shownSettled(stream);
      rows = [run('SUBMITTED', 0, 30), ...rows];
      await act(async () => stream.sendEvent({ type: 'status', id: 30, status: 'SUBMITTED', previous: null }));
      await act(async () => stream.sendEvent({ type: 'run', created: true, run: rows[0]! }));
      await screen.findByText('run_30');
      await quietFor();
      expect(listReads()).toBe(settled + 1);
    } finally {
      stream.end();
    }
  });
});
