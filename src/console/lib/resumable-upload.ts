import type { DetailedError, Upload } from 'tus-js-client';
import type { StoredFile } from '../../contract/files';
import { API_BASE_URL, errorMessage, authorization, request } from './api';

/**
 * A file sent over the tus protocol to `uploads`: in 50 MB requests, retried after a dropped
 * connection, and resumed where the server stopped — after a pause, a network change or a page
 * reload (tus keeps the upload's address in local storage under the file's fingerprint).
 */

export interface UploadProgress {
  sent: number;
  total: number;
  /** Over the last few seconds; null until there are two samples. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

export interface ResumableUploadHandle {
  pause(): void;
  resume(): void;
  /** Stops and deletes what the server has of it. */
  cancel(): Promise<void>;
}

const CHUNK_BYTES = 50 * 1024 * 1024;
const SPEED_WINDOW_MS = 5000;

/** Upload speed over a sliding window of progress samples. */
export function speedMeter(now: () => number = () => performance.now()) {
  let samples: Array<{ at: number; sent: number }> = [];
  return {
    reset() {
      samples = [];
    },
    add(sent: number, total: number): Omit<UploadProgress, 'sent' | 'total'> {
      const at = now();
      samples.push({ at, sent });
      samples = samples.filter((sample) => at - sample.at <= SPEED_WINDOW_MS);
      const first = samples[0]!;
      const elapsed = (at - first.at) / 1000;
      if (samples.length < 2 || elapsed <= 0) return { bytesPerSecond: null, secondsLeft: null };
      const bytesPerSecond = (sent - first.sent) / elapsed;
      return { bytesPerSecond, secondsLeft: bytesPerSecond > 0 ? (total - sent) / bytesPerSecond : null };
    },
  };
}

/** The API's message in a tus failure, or what went wrong on the way. */
export function uploadFailureMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response) {
    const body = response.getBody();
    let parsed: unknown = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      // A plain-text body is the message.
    }
    return errorMessage(parsed, body, `The server answered ${response.getStatus()}`);
  }
  return 'The connection to the server was lost. Resume the upload when you are back online; it continues where it stopped.';
}

export function startResumableUpload(
  file: File,
  metadata: Record<string, string>,
  handlers: { onProgress: (progress: UploadProgress) => void; onSuccess: (stored: StoredFile) => void; onError: (message: string) => void },
): ResumableUploadHandle {
  const meter = speedMeter();
  // tus-js-client loads when the first upload starts, not with the page.
  const upload: Promise<Upload> = import('tus-js-client').then(
    ({ Upload }) =>
      new Upload(file, {
        endpoint: `${API_BASE_URL}uploads`,
        chunkSize: CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
        metadata: { ...metadata, name: file.name },
        headers: authorization(),
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => handlers.onProgress({ sent, total, ...meter.add(sent, total) }),
        onSuccess: ({ lastResponse }) => {
          const unreadable = () => handlers.onError('The file was sent, but the server’s answer could not be read. Reload the page to see whether it was stored.');
          // Resumed after the last bytes had arrived (the answer to them lost): the server names the file they became.
          const finishedAs = lastResponse.getHeader('Seedbed-File-Id');
          if (finishedAs) {
            request<StoredFile>(`files/${finishedAs}`).then(handlers.onSuccess, unreadable);
            return;
          }
          try {
            handlers.onSuccess(JSON.parse(lastResponse.getBody()) as StoredFile);
          } catch {
            unreadable();
          }
        },
        onError: (error) => handlers.onError(uploadFailureMessage(error)),
      }),
  );
  const begin = async () => {
    meter.reset();
    const ready = await upload;
    // An upload of the same file begun earlier (another visit, a reload) continues from where it got to.
    const previous = await ready.findPreviousUploads();
    if (previous[0]) ready.resumeFromPreviousUpload(previous[0]);
    ready.start();
  };
  begin().catch(() => handlers.onError('The upload could not start. Reload the page and try again.'));
  return {
    pause: () => void upload.then((ready) => ready.abort(false)),
    resume: () => void begin(),
    cancel: () => upload.then((ready) => ready.abort(true)),
  };
}
