import { useState } from 'react';
import type { StoredFile } from '../../../contract/files';
import { notify } from '../../app/notify';
import type { UploadProgress } from '../../lib/resumable-upload';
import { storedCopiesOf } from '../../lib/stored-copies';

/**
 * Uploads one file over the resumable path from inside a form, with its progress (null while
 * nothing is being sent); `onStored` hears of the stored file. `preferredType` chooses among types
 * the name and header fit equally (several CSV types need only an id column). A file refused
 * stays said (`refusal`) under the field until the next one is sent, not only in a passing toast.
 * A file of the same name and bytes as one stored is not sent again: the stored one is taken.
 */
export function useUploadInPlace(preferredType: string | undefined, onStored: (file: StoredFile) => void) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (file: File) => {
    setRefusal(null);
    setProgress({ sent: 0, total: file.size, bytesPerSecond: null, secondsLeft: null });
    // The same name and bytes stored already: that file is taken, not stored a second time (the upload page offers the choice).
    void storedCopiesOf(file)
      .then((copies) => {
        const same = copies.find((copy) => copy.name === file.name && (!preferredType || copy.fileTypeName === preferredType));
        if (!same) return upload(file);
        setProgress(null);
        notify.success(`${file.name} is stored already with the same bytes (file ${same.id}): using it instead of a second copy`);
        onStored(same);
      })
      .catch((error: unknown) => {
        setProgress(null);
        setRefusal(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
      });
  };

  const upload = (file: File) =>
    // The upload code (and tus) loads with the first file sent, not with every form.
    import('../../lib/resumable-upload')
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

  return { progress, refusal, send };
}
