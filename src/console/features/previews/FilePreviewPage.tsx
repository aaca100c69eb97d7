import { lazy, Suspense } from 'react';
import type { StoredFile } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

// The viewers load after the page: the page's first load stays within the console's budget.
const FilePreview = lazy(() => import('./FilePreview'));

function PreviewOfFile() {
  const id = useRecordId();
  const { data: file, error, reload } = useRequest<StoredFile>(id ? `files/${id}` : null);
  if (id === undefined) return null;
  if (id === null) return <LoadError what="the file" error={new Error('this page needs ?id= with the stored file’s number')} onRetry={() => window.location.assign(ROUTES.filesets)} />;
  if (error) return <LoadError what="the file" error={error} onRetry={reload} />;
  if (!file) return <LoadingOverlay />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <FilePreview fileId={file.id} name={file.name} />
    </Suspense>
  );
}

/** One stored file shown in the browser, whatever lists it (a run's outputs, a project's files, a fileset). */
export default function FilePreviewPage() {
  return (
    <ConsoleShell title="File preview" route={ROUTES.filePreview} backHref={ROUTES.filesets} backLabel="Filesets">
      <PreviewOfFile />
    </ConsoleShell>
  );
}
