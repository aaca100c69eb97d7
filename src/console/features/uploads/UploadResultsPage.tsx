import type { StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { FileTypeRecord } from '../../../contract/records';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { StoredFilesCard } from './StoredFilesCard';
import { UploadDestinationCard } from './UploadDestinationCard';
import { UploadFilesCard } from './UploadFilesCard';
import { UploadQueueTable } from './UploadQueueTable';
import { useUploadDestination } from './upload-destination';
import { useUploadQueue } from './upload-queue';
import { useUploadAll } from './use-upload-all';

/**
 * `/upload/gdip-results`: drop result files (several at once), check each one's detected type,
 * choose the project, experiment and fileset, and upload them resumably — each with its progress,
 * speed and time left, and its own pause, resume and cancel. Stored files are listed with their
 * SHA-256; a file whose bytes are stored already is offered as the stored copy.
 */
export default function UploadResultsPage() {
  const types = useRequest<Page<FileTypeRecord>>('file-types?pageSize=100&sort=name');
  const queue = useUploadQueue(types.data?.data);
  const destination = useUploadDestination();
  const upload = useUploadAll(queue, destination);
  const stored = queue.items.flatMap((item): StoredFile[] => (item.stored ? [item.stored] : []));

  if (types.error) {
    return (
      <ConsoleShell title="Upload GDIP Results" route={ROUTES.uploadGdipResults}>
        <LoadError what="the file types" error={types.error} onRetry={types.reload} />
      </ConsoleShell>
    );
  }

  return (
    <ConsoleShell
      title="Upload GDIP Results"
      route={ROUTES.uploadGdipResults}
      actions={
        <a href={ROUTES.filesets} className="text-sm font-medium text-emerald-800 hover:underline">
          All filesets
        </a>
      }
    >
      <div className="grid gap-6">
        <UploadDestinationCard destination={destination} disabled={upload.running} />
        <UploadFilesCard
          waitingCount={upload.waiting.length}
          canUpload={upload.waiting.length > 0 && !queue.items.some((item) => item.status === 'checking')}
          running={upload.running}
          onUpload={() => void upload.uploadAll()}
          onFiles={(files) => void queue.add(files)}
        >
          {queue.items.length > 0 && <UploadQueueTable queue={queue} types={types.data?.data} onKeepEarlierCopy={(item) => void upload.keepEarlierCopy(item)} />}
        </UploadFilesCard>
        {stored.length > 0 && <StoredFilesCard files={stored} fileset={upload.fileset} />}
      </div>
    </ConsoleShell>
  );
}
