import { LISTS } from '../../../contract/list-definitions';
import type { Fileset } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Card } from '../../ui/Card';
import { LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { ViewLink } from '../../ui/ViewLink';

const column = listColumns<Fileset, typeof LISTS.filesets>(LISTS.filesets);
const columns = [
  column('name', {
    cell: ({ row }) => (
      <ViewLink route={ROUTES.filesetView} id={row.original.id} className="font-medium">
        {row.original.name}
      </ViewLink>
    ),
  }),
  column('project', { cell: ({ row }) => row.original.projectName ?? <span className="text-stone-400">—</span> }),
  column('experiment', { cell: ({ row }) => row.original.experimentName ?? <span className="text-stone-400">—</span> }),
  column('files', { cell: ({ row }) => `${row.original.fileCount} · ${formatBytes(row.original.totalBytes)}` }),
  column('updatedAt', { cell: ({ row }) => formatDateTime(row.original.updatedAt) }),
];

/** `/upload/filesets`: the named sets of stored files that discovery and prediction results read. */
export default function FilesetsPage() {
  return (
    <ConsoleShell title="Filesets" route={ROUTES.filesets} backHref={ROUTES.uploadGdipResults} backLabel="Upload GDIP Results">
      <Card>
        <LazyDataTable<Fileset>
          list={LISTS.filesets}
          what="filesets"
          columns={columns}
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
