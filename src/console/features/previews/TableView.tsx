import { useMemo, useState } from 'react';
import type { TablePreview } from '../../../contract/previews';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable, type TableSort } from '../../ui/SimpleTable';
import { ColumnWindow } from './ColumnWindow';
import { PreviewPaging } from './PreviewPaging';
import { usePreviewPages } from './use-preview-pages';

interface Row {
  number: number;
  cells: string[];
}

const NO_ASCENDING_FIRST: ReadonlySet<string> = new Set();

/** Numbers by value, anything else as text with its numbers in place; blanks after values. */
export function compareCells(a: string, b: string): number {
  if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
  const x = Number(a);
  const y = Number(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Headings made unique, so that a file with two columns of one name still has a key per column. */
const uniqueHeadings = (names: string[]) => {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name || '(blank)' : `${name || '(blank)'} (${times})`;
  });
};

/** A CSV or TSV: its rows as loaded, page by page; a header sorts the rows loaded (not the whole file: it says so). */
export function TableView({ fileId, initial }: { fileId: number; initial: TablePreview }) {
  const [columnOffset, setColumnOffset] = useState(0);
  const query = columnOffset === 0 ? '' : `columnOffset=${columnOffset}`;
  const { pages, error, loading, loadMore, retry } = usePreviewPages<TablePreview>(fileId, query, initial);
  const [sort, setSort] = useState<TableSort<string> | null>(null);
  const first = pages[0];
  const rows = useMemo(() => {
    const all: Row[] = pages.flatMap((page) => page.rows.map((cells, index) => ({ number: page.firstRow + index, cells })));
    if (!sort) return all;
    const column = Number(sort.key);
    const sign = sort.order === 'asc' ? 1 : -1;
    return [...all].sort((a, b) => {
      const x = a.cells[column] ?? '';
      const y = b.cells[column] ?? '';
      // Blanks stay last in either order; ties keep the file's order.
      if (x === '' || y === '') return Number(x === '') - Number(y === '') || a.number - b.number;
      return sign * compareCells(x, y) || a.number - b.number;
    });
  }, [pages, sort]);

  if (!first) return error ? <LoadError what="the table" error={error} onRetry={retry} /> : <p className="text-sm text-stone-500">Loading…</p>;
  const headings = uniqueHeadings(first.columns);
  const more = pages.at(-1)?.nextCursor != null;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-stone-600">
        <span>{sort ? `Sorted: the ${rows.length.toLocaleString('en')} rows loaded, not the whole file.` : 'Press a heading to sort the rows loaded (not the whole file).'}</span>
        <ColumnWindow
          window={first.columnWindow}
          shown={first.columns.length}
          unit="columns"
          onChange={(offset) => {
            setSort(null);
            setColumnOffset(offset);
          }}
        />
      </div>
      <SimpleTable<Row, string>
        label={`Rows of the file, ${rows.length} loaded`}
        dense
        rows={rows}
        rowKey={(row) => row.number}
        sorting={{ sort: sort ?? { key: '', order: 'asc' }, onSort: setSort, ascendingFirst: NO_ASCENDING_FIRST }}
        columns={[
          { header: 'Row', className: 'tabular-nums text-stone-400', cell: (row) => row.number },
          ...headings.map((heading, index) => ({
            header: heading,
            sortKey: String(index),
            className: 'whitespace-pre-wrap font-mono text-xs text-stone-800',
            cell: (row: Row) => row.cells[index] ?? '',
          })),
        ]}
      />
      <PreviewPaging shown={rows.length} unit="rows" more={more} loading={loading} error={pages.length > 0 ? error : undefined} onMore={loadMore} onRetry={retry} />
    </div>
  );
}
