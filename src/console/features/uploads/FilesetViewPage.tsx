import { lazy, Suspense, useState } from 'react';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { ROUTES } from '../../app/routes';
import { request } from '../../lib/api';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyButton } from '../../ui/CopyButton';
import { Facts } from '../../ui/Facts';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { ViewLink } from '../../ui/ViewLink';
import { PreviewAndDownload } from '../files/PreviewAndDownload';

/** Where the fileset's files came from and the runs that read it: loaded after the page. */
const LineagePanel = lazy(() => import('../lineage/LineagePanel'));

const KIND_LABELS: Record<FilesetDetail['kind'], string> = {
  files: 'Files',
  'known-gdip': 'Known GDIP dataset (genotypes, phenotypes and known QTL, checked together)',
  'prediction-data': 'Prediction data (observed values of a validation set)',
};

function FilesetView() {
  const id = useRecordId();
  const { data: fileset, error, reload } = useRequest<FilesetDetail>(id ? `filesets/${id}` : null);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState<number | 'delete' | null>(null);

  if (id === undefined) return null;
  if (id === null) return <LoadError what="fileset" error={new Error('this page needs ?id= with the fileset’s number')} onRetry={() => window.location.assign(ROUTES.filesets)} />;
  if (error) return <LoadError what="fileset" error={error} onRetry={reload} />;
  if (!fileset) return <LoadingOverlay />;

  const takeOut = async (file: StoredFile) => {
    setBusy(file.id);
    try {
      await request(`filesets/${fileset.id}/files/${file.id}`, 'DELETE');
      notify.success(`Took ${file.name} out of ${fileset.name}; the file stays stored`);
      reload();
    } catch (failure) {
      notify.error(failure);
    } finally {
      setBusy(null);
    }
  };
  const deleteFileset = async () => {
    setBusy('delete');
    try {
      await request(`filesets/${fileset.id}`, 'DELETE');
      notifyAfterNavigation('success', `Deleted the fileset ${fileset.name}; its files stay stored`);
      window.location.assign(ROUTES.filesets);
    } catch (failure) {
      notify.error(failure);
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-6">
      <Card
        title={fileset.name}
        description={fileset.description ?? undefined}
        actions={
          <>
            {fileset.kind !== 'files' && (
              <ViewLink route={ROUTES.datasetBoard} id={fileset.id}>
                Benchmark board
              </ViewLink>
            )}
            <Button size="sm" variant="ghost" onClick={() => setRemoving(true)}>
              Delete fileset
            </Button>
          </>
        }
      >
        <Facts
          items={[
            ['Kind', KIND_LABELS[fileset.kind]],
            [
              'Project',
              fileset.projectId ? (
                <ViewLink key="project" route={ROUTES.projectView} id={fileset.projectId}>
                  {fileset.projectName}
                </ViewLink>
              ) : (
                '—'
              ),
            ],
            [
              'Experiment',
              fileset.experimentId ? (
                <ViewLink key="experiment" route={ROUTES.experimentView} id={fileset.experimentId}>
                  {fileset.experimentName}
                </ViewLink>
              ) : (
                '—'
              ),
            ],
            ['Files', `${fileset.fileCount} · ${formatBytes(fileset.totalBytes)}`],
            ['Created', formatDateTime(fileset.createdAt)],
            ['Updated', formatDateTime(fileset.updatedAt)],
          ]}
        />
      </Card>
      <Card title="Files" description="Each file’s type and SHA-256 checksum.">
        {fileset.files.length === 0 ? (
          <p className="text-sm text-stone-500">
            No files yet.{' '}
            <a className="text-emerald-800 hover:underline" href={ROUTES.uploadGdipResults}>
              Upload some
            </a>{' '}
            and name this fileset.
          </p>
        ) : (
          <SimpleTable<StoredFile>
            label="Files of the fileset"
            rows={fileset.files}
            rowKey={(file) => file.id}
            columns={[
              {
                header: 'File',
                className: 'font-mono text-xs break-all',
                cell: (file) => (
                  <ViewLink route={ROUTES.lineage} id={`file:${file.id}`}>
                    {file.name}
                  </ViewLink>
                ),
              },
              { header: 'Type', cell: (file) => file.fileTypeName ?? '—' },
              { header: 'Size', className: 'whitespace-nowrap', cell: (file) => formatBytes(file.sizeBytes) },
              {
                header: 'SHA-256',
                cell: (file) => (
                  <span className="flex items-center gap-2">
                    <code className="text-xs" title={file.sha256}>
                      {file.sha256.slice(0, 16)}…
                    </code>
                    <CopyButton text={file.sha256} label="Copy" />
                  </span>
                ),
              },
              { header: 'Stored', className: 'whitespace-nowrap', cell: (file) => formatDateTime(file.createdAt) },
              {
                header: 'Actions',
                srOnly: true,
                align: 'right',
                cell: (file) => (
                  <div className="flex items-center justify-end gap-2">
                    <PreviewAndDownload file={file} />
                    <Button size="sm" variant="ghost" busy={busy === file.id} onClick={() => void takeOut(file)} aria-label={`Take ${file.name} out of the fileset`}>
                      Take out
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Card>
      {fileset.files.length > 0 && (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading the lineage…</p>}>
          <LineagePanel node={`fileset:${fileset.id}`} />
        </Suspense>
      )}
      <ConfirmDialog open={removing} title="Delete this fileset?" confirmLabel="Delete fileset" busy={busy === 'delete'} onCancel={() => setRemoving(false)} onConfirm={deleteFileset}>
        The fileset {fileset.name} is deleted. Its {fileset.fileCount} file{fileset.fileCount === 1 ? '' : 's'} stay stored.
      </ConfirmDialog>
    </div>
  );
}

/** `/upload/filesets/view?id=`: one fileset and its files with checksums and types. */
export default function FilesetViewPage() {
  return (
    <ConsoleShell title="Fileset" route={ROUTES.filesetView} backHref={ROUTES.filesets} backLabel="Filesets">
      <FilesetView />
    </ConsoleShell>
  );
}
