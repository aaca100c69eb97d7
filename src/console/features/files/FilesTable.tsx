import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { StoredFile } from '../../../contract/files';
import { downloadStoredFile } from '../../lib/download';
import { formatBytes, formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/data-table/DataTable';
import { RUN_VIEW_ROUTE } from '../runs/RunsTable';

const column = createColumnHelper<StoredFile>();
// Each column has its own value type; the table takes them as one list.
const columns = [
  column.accessor('name', { id: 'name', header: 'File', enableSorting: false, cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span> }),
  column.accessor('fileTypeName', { id: 'type', header: 'Type', enableSorting: false, cell: (info) => info.getValue() ?? <span className="text-stone-400">untyped</span> }),
  column.accessor('sizeBytes', { id: 'size', header: 'Size', enableSorting: false, cell: (info) => formatBytes(info.getValue()) }),
  column.accessor('runName', {
    id: 'run',
    header: 'From run',
    enableSorting: false,
    cell: (info) =>
      info.row.original.runId ? (
        <a className="text-emerald-800 hover:underline" href={`${RUN_VIEW_ROUTE}?id=${info.row.original.runId}`}>
          {info.getValue()}
        </a>
      ) : (
        <span className="text-stone-400">uploaded</span>
      ),
  }),
  column.accessor('createdAt', { id: 'createdAt', header: 'Stored', cell: (info) => formatDateTime(info.getValue()) }),
  column.display({
    id: 'download',
    header: () => <span className="sr-only">Download</span>,
    cell: (info) => (
      <Button size="sm" onClick={() => void downloadStoredFile(info.row.original.id, info.row.original.name)}>
        Download
      </Button>
    ),
  }),
] as Array<ColumnDef<StoredFile, unknown>>;

/** Stored files (uploads and run outputs), newest first. */
export function FilesTable({ fixedFilters }: { fixedFilters: Record<string, string> }) {
  return (
    <DataTable<StoredFile>
      path="files"
      what="files"
      columns={columns}
      sortable={['createdAt']}
      defaultSort="createdAt"
      defaultOrder="desc"
      searchPlaceholder="Search file names"
      emptyHint="No files yet: run outputs and uploads for it appear here."
      fixedFilters={fixedFilters}
      urlState={false}
    />
  );
}
