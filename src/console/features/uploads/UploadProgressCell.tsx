import { formatBytes, formatDuration } from '../../lib/format';
import type { QueuedFile, UploadStatus } from './upload-queue';

const STATUS_TEXT: Record<UploadStatus, string> = {
  checking: 'Checking…',
  ready: 'Ready',
  uploading: 'Uploading',
  paused: 'Paused',
  stored: 'Stored',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Speed and time left while bytes are going; what the server is doing once they have all gone. */
function pace(item: QueuedFile): string {
  const progress = item.progress!;
  if (item.status === 'paused') return 'Paused';
  // Every byte sent: the server checks the file before it answers.
  if (progress.total > 0 && progress.sent >= progress.total) return 'Checking the file…';
  if (progress.bytesPerSecond === null || progress.bytesPerSecond <= 0) return 'Starting…';
  const speed = `${formatBytes(progress.bytesPerSecond)}/s`;
  if (progress.secondsLeft === null) return speed;
  return `${speed} · ${progress.secondsLeft < 1 ? 'under a second' : formatDuration(progress.secondsLeft * 1000)} left`;
}

/**
 * One queued file's state: its size when ready, a bar with speed and time left while uploading,
 * and, when the server refused it, the refusal in red with the server's reason (no bar: nothing
 * was stored).
 */
export function UploadProgressCell({ item }: { item: QueuedFile }) {
  if (item.status === 'stored') return <span className="text-emerald-800">Stored · {formatBytes(item.file.size)}</span>;
  if (item.status === 'failed') {
    return (
      <div role="alert" className="min-w-48 text-xs text-red-700" data-testid="upload-progress">
        <span className="font-medium">Not stored</span>
        {item.error ? `: ${item.error}` : ''}
      </div>
    );
  }
  const progress = item.progress;
  if (!progress) return <span className="text-stone-500">{item.status === 'ready' ? formatBytes(item.file.size) : STATUS_TEXT[item.status]}</span>;
  const fraction = progress.total > 0 ? Math.min(progress.sent / progress.total, 1) : 0;
  return (
    <div className="min-w-48">
      <progress max={1} value={fraction} className="h-2 w-full accent-emerald-700" aria-label={`Upload progress of ${item.file.name}`} />
      <div className="mt-1 flex justify-between gap-3 text-xs text-stone-600" data-testid="upload-progress">
        <span>
          {Math.floor(fraction * 100)} % of {formatBytes(progress.total)}
        </span>
        <span>{pace(item)}</span>
      </div>
    </div>
  );
}
