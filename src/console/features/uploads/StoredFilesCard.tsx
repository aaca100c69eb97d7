import type { StoredFile } from '../../../contract/files';
import { ROUTES } from '../../app/routes';
import { formatBytes } from '../../lib/format';
import { Card } from '../../ui/Card';
import { CopyButton } from '../../ui/CopyButton';
import { SimpleTable } from '../../ui/SimpleTable';
import { ViewLink } from '../../ui/ViewLink';
import type { TargetFileset } from './upload-destination';
import { PreviewAndDownload } from '../files/PreviewAndDownload';

/** The files stored by this upload, each with its SHA-256 to compare with the one the reader has, and the fileset they went to. */
export function StoredFilesCard({ files, fileset }: { files: StoredFile[]; fileset: TargetFileset | null }) {
  return (
    <Card
      title="Stored"
      description={
        fileset ? (
          <>
            In the fileset{' '}
            <ViewLink route={ROUTES.filesetView} id={fileset.id} className="font-medium">
              {fileset.name}
            </ViewLink>
          </>
        ) : (
          'Each file’s SHA-256 checksum, to compare with the one you have.'
        )
      }
    >
      <SimpleTable<StoredFile>
        label="Stored files"
        rows={files}
        rowKey={(file) => file.id}
        columns={[
          { header: 'File', className: 'font-mono text-xs break-all', cell: (file) => file.name },
          { header: 'Type', cell: (file) => file.fileTypeName ?? '—' },
          { header: 'Size', cell: (file) => formatBytes(file.sizeBytes) },
          {
            header: 'SHA-256',
            cell: (file) => (
              <span className="flex items-center gap-2">
                <code className="break-all text-xs" data-testid="stored-sha256">
                  {file.sha256}
                </code>
                <CopyButton text={file.sha256} label="Copy" />
              </span>
            ),
          },
          {
            header: 'Download',
            srOnly: true,
            align: 'right',
            cell: (file) => (
              <span className="flex items-center justify-end gap-3">
                <PreviewAndDownload file={file} />
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
