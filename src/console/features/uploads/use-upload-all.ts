import { useState } from 'react';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import type { TargetFileset, UploadDestination } from './upload-destination';
import type { QueuedFile, useUploadQueue } from './upload-queue';

/** Uploads at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;

/** The queue of files to upload, as `useUploadQueue` keeps it. */
export type UploadQueue = ReturnType<typeof useUploadQueue>;

/**
 * Uploading the queue to its destination: files whose bytes are stored already join the fileset
 * as the stored copy, the others are sent three at a time. Afterwards a second copy of stored
 * bytes can give way to the first.
 */
export function useUploadAll(queue: UploadQueue, destination: UploadDestination) {
  const [running, setRunning] = useState(false);
  const [fileset, setFileset] = useState<TargetFileset | null>(null);
  const waiting = queue.items.filter((item) => item.status === 'ready' || item.status === 'failed');

  async function uploadAll() {
    const untyped = waiting.filter((item) => !item.useStored && item.fileTypeId === null);
    if (untyped.length > 0) {
      notify.error(`Choose a file type for ${untyped.map((item) => item.file.name).join(', ')}: no type has ${untyped.length === 1 ? 'its' : 'their'} extension.`);
      return;
    }
    setRunning(true);
    try {
      const target = await destination.targetFileset();
      setFileset(target);
      const metadata = destination.metadataFor(target);
      const reused = waiting.filter((item) => item.useStored && item.sameBytes[0]);
      if (target && reused.length > 0) await request(`filesets/${target.id}/files`, 'POST', { fileIds: reused.map((item) => item.sameBytes[0]!.id) });
      for (const item of reused) queue.change(item.key, { status: 'stored', stored: item.sameBytes[0]! });
      const toSend = waiting.filter((item) => !item.useStored);
      let next = 0;
      const worker = async () => {
        while (next < toSend.length) {
          const item = toSend[next]!;
          next += 1;
          // Each stored file counts at once in the fileset's hint, even while others are paused.
          if ((await queue.upload(item, metadata)) && target) destination.reloadFilesets();
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, toSend.length) }, worker));
      destination.reloadFilesets();
    } catch (error) {
      notify.error(error);
    } finally {
      setRunning(false);
    }
  }

  /** Keeps the copy stored earlier instead of the one just uploaded (same bytes): it takes the new one's place in the fileset. */
  async function keepEarlierCopy(item: QueuedFile) {
    const earlier = item.sameBytes[0]!;
    const uploaded = item.stored!;
    try {
      if (fileset) {
        await request(`filesets/${fileset.id}/files`, 'POST', { fileIds: [earlier.id] });
        await request(`filesets/${fileset.id}/files/${uploaded.id}`, 'DELETE');
      }
      await request(`files/${uploaded.id}`, 'DELETE');
      queue.change(item.key, { stored: earlier, sameBytes: [] });
      notify.success(`Kept the stored ${earlier.name}; deleted the second copy`);
    } catch (error) {
      notify.error(error);
    }
  }

  return { running, fileset, waiting, uploadAll, keepEarlierCopy };
}
