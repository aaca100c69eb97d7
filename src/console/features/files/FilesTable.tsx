import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { StoredFile } from '../../../contract/files';
import { formatBytes, formatDateTime } from '../../lib/format';
import { DataTable } from '../../ui/data-table/DataTable';
import { listColumns } from '../../ui/data-table/list-columns';
import { ViewLink } from '../../ui/ViewLink';
import { ROUTES } from '../../app/routes';
import { LISTS } from '../../../contract/list-definitions';
import { RUN_VIEW_ROUTE } from '../runs/RunsTable';
import { PreviewAndDownload } from './PreviewAndDownload';

const column = createColumnHelper<StoredFile>();
const listColumn = listColumns<StoredFile, typeof LISTS.files>(LISTS.files);
const columns: Array<ColumnDef<StoredFile, unknown>> = [
  listColumn('name', {
    // A file's page is its lineage: the run that made it, from which files, and the runs that read it.
    cell: ({ row }) => (
      <ViewLink route={ROUTES.lineage} id={`file:${row.original.id}`} className="font-mono text-xs">
        {row.original.name}
      </ViewLink>
    ),
  }),
  listColumn('type', { cell: ({ row }) => row.original.fileTypeName ?? <span className="text-stone-400">untyped</span> }),
  listColumn('size', { cell: ({ row }) => formatBytes(row.original.sizeBytes) }),
  listColumn('run', {
    cell: ({ row }) =>
      row.original.runId ? (
        <ViewLink route={RUN_VIEW_ROUTE} id={row.original.runId}>
          {row.original.runName}
        </ViewLink>
      ) : (
        <span className="text-stone-400">uploaded</span>
      ),
  }),
  listColumn('createdAt', { cell: ({ row }) => formatDateTime(row.original.createdAt) }),
  column.display({
    id: 'download',
    header: () => <span className="sr-only">Download</span>,
    cell: (info) => (
      <span className="flex items-center justify-end gap-3">
        <PreviewAndDownload file={info.row.original} />
      </span>
    ),
  }),
];

/** Stored files (uploads and run outputs), newest first. */
export function FilesTable({ fixedFilters, emptyHint = 'No files yet: run outputs and uploads for it appear here.' }: { fixedFilters: Record<string, string>; emptyHint?: string }) {
  return <DataTable<StoredFile> list={LISTS.files} what="files" columns={columns} searchPlaceholder="Search file names" emptyHint={emptyHint} fixedFilters={fixedFilters} urlState={false} />;
}
