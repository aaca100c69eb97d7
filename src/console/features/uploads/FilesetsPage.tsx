import type { ColumnDef } from '@tanstack/react-table';
import type { Fileset } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/data-table/DataTable';
import { ViewLink } from '../../ui/ViewLink';

const columns: Array<ColumnDef<Fileset, unknown>> = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <ViewLink route={ROUTES.filesetView} id={row.original.id} className="font-medium">
        {row.original.name}
      </ViewLink>
    ),
  },
  { id: 'project', header: 'Project', cell: ({ row }) => row.original.projectName ?? <span className="text-stone-400">—</span> },
  { id: 'experiment', header: 'Experiment', cell: ({ row }) => row.original.experimentName ?? <span className="text-stone-400">—</span> },
  { id: 'files', header: 'Files', cell: ({ row }) => `${row.original.fileCount} · ${formatBytes(row.original.totalBytes)}` },
  { id: 'updatedAt', header: 'Updated', cell: ({ row }) => formatDateTime(row.original.updatedAt) },
];

/** `/upload/filesets`: the named sets of stored files that discovery and prediction results read. */
export default function FilesetsPage() {
  return (
    <ConsoleShell title="Filesets" route={ROUTES.filesets} backHref={ROUTES.uploadGdipResults} backLabel="Upload GDIP Results">
      <Card>
        <DataTable<Fileset>
          path="filesets"
          what="filesets"
          columns={columns}
          sortable={['name', 'updatedAt']}
          defaultSort="updatedAt"
          defaultOrder="desc"
          searchPlaceholder="Search fileset names"
          emptyHint={
            <>
              No filesets yet: name one when you{' '}
              <a className="text-emerald-800 hover:underline" href={ROUTES.uploadGdipResults}>
                upload results
              </a>
              .
            </>
          }
          urlState
        />
      </Card>
    </ConsoleShell>
  );
}
