// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedFile } from './upload-queue';
import { UploadProgressCell } from './UploadProgressCell';

afterEach(cleanup);

const twelveBytes = new File(['id,trait,x\n'.padEnd(12, 'x')], 'traits.csv', { type: 'text/csv' });
const queued = (patch: Partial<QueuedFile>): QueuedFile => ({
  key: '1-traits.csv',
  file: twelveBytes,
  fileTypeId: 1,
  header: ['id', 'trait', 'x'],
  status: 'uploading',
  progress: null,
  stored: null,
  error: null,
  sameBytes: [],
  useStored: false,
  ...patch,
});

describe('the progress of a file being uploaded', () => {
  it('shows a refused file in red with the server’s reason: no full bar, no speed, no time left', () => {
    const reason = 'An associations CSV needs the column p_value in its header row; traits.csv lacks it. Add it, or choose another file type.';
    render(<UploadProgressCell item={queued({ status: 'failed', error: reason, progress: { sent: 12, total: 12, bytesPerSecond: 146.69926650400154, secondsLeft: 0 } })} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`Not stored: ${reason}`);
    expect(alert.className).toContain('text-red-700');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(alert.textContent).not.toMatch(/100 %|B\/s|left/);
  });

  it('rounds the speed and gives it in human units', () => {
    render(<UploadProgressCell item={queued({ progress: { sent: 1_000, total: 10_000_000, bytesPerSecond: 146.69926650400154, secondsLeft: 68_000 } })} />);
    expect(screen.getByTestId('upload-progress').textContent).toBe('0 % of 9.5 MB147 B/s · 18h 53m left');
    cleanup();
    render(<UploadProgressCell item={queued({ progress: { sent: 5_000_000, total: 10_000_000, bytesPerSecond: 150_123.7, secondsLeft: 33.3 } })} />);
    expect(screen.getByTestId('upload-progress').textContent).toBe('50 % of 9.5 MB147 KB/s · 33s left');
  });

  it('says the server is checking the file once every byte is sent, instead of "0 ms left"', () => {
    render(<UploadProgressCell item={queued({ progress: { sent: 12, total: 12, bytesPerSecond: 146.7, secondsLeft: 0 } })} />);
    expect(screen.getByTestId('upload-progress').textContent).toBe('100 % of 12 BChecking the file…');
  });
});
