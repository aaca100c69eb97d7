import { useState } from 'react';
import type { StoredFile } from '../../../contract/files';
import { notify } from '../../app/notify';
import type { UploadProgress } from '../../lib/resumable-upload';

/**
 * Uploads one file over the resumable path from inside a form, with its progress (null while
 * nothing is being sent); `onStored` hears of the stored file. `preferredType` chooses among types
 * the name and header fit equally (several CSV types need only an id column). A file refused
 * stays said (`refusal`) under the field until the next one is sent, not only in a passing toast.
 */
export function useUploadInPlace(preferredType: string | undefined, onStored: (file: StoredFile) => void) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (file: File) => {
    setRefusal(null);
    setProgress({ sent: 0, total: file.size, bytesPerSecond: null, secondsLeft: null });
    // The upload code (and tus) loads with the first file sent, not with every form.
    void import('../../lib/resumable-upload')
      .then(({ startResumableUpload }) =>
        startResumableUpload(file, preferredType ? { preferredType } : {}, {
          onProgress: setProgress,
          onSuccess: (stored) => {
            setProgress(null);
            notify.success(`Uploaded ${stored.name}`);
            onStored(stored);
          },
          onError: (message) => {
            setProgress(null);
            setRefusal(`Not stored: ${message}`);
            notify.error(message);
          },
        }),
      )
      .catch((error: unknown) => {
        // The upload code could not be loaded (offline, a new deployment): say so instead of a bar that never moves.
        setProgress(null);
        setRefusal(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
        notify.error(error);
      });
  };

  return { progress, refusal, send };
}
