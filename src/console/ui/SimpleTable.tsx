import type { ReactNode } from 'react';
import { ViewLink } from './ViewLink';

export interface SimpleColumn<Row, Key extends string = string> {
  /** The heading; a column of actions can give `srOnly` text instead. */
  header: string;
  srOnly?: boolean;
  align?: 'left' | 'right';
  /** Extra classes for the cells (text colour, mono, nowrap). */
  className?: string;
  /** In a sortable table, the key this column sorts by; a column without one is not sortable. */
  sortKey?: Key;
  cell: (row: Row) => ReactNode;
}

/** The order a sortable table shows its rows in. */
export interface TableSort<Key extends string> {
  key: Key;
  order: 'asc' | 'desc';
}

/** A table whose headers sort: the rows come sorted by the owner, which keeps the order (in the address, say). */
export interface TableSorting<Key extends string> {
  sort: TableSort<Key>;
  onSort: (sort: TableSort<Key>) => void;
  /** Keys whose best is the smallest (RMSE, FDR, cost): their first press sorts ascending, the others descending. */
  ascendingFirst: ReadonlySet<Key>;
}

/** Greek letters keep their case in the upper-case headers: an upper-case ρ reads as a P, λ as Λ. */
function keepGreekCase(text: string): ReactNode {
  const parts = text.split(/([\u0370-\u03ff]+)/);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed header, in order
      <span key={index} className="normal-case">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A header that sorts: a button saying its order by an arrow, the best first on the first press. */
function SortHeader<Key extends string>({ header, sortKey, sorting }: { header: string; sortKey: Key; sorting: TableSorting<Key> }) {
  const { sort, onSort, ascendingFirst } = sorting;
  const sorted = sort.key === sortKey;
  const press = () => onSort(sorted ? { key: sortKey, order: sort.order === 'asc' ? 'desc' : 'asc' } : { key: sortKey, order: ascendingFirst.has(sortKey) ? 'asc' : 'desc' });
  return (
    <button type="button" className="inline-flex items-center gap-1 whitespace-nowrap uppercase hover:text-stone-900" onClick={press}>
      {keepGreekCase(header)}
      <span aria-hidden="true" className={sorted ? 'text-stone-900' : 'text-stone-300'}>
        {sorted && sort.order === 'asc' ? '▲' : '▼'}
      </span>
    </button>
  );
}

/**
 * The console's one read-only table, for short lists a page already holds: a run's outputs, an
 * accession's crosses, the invitations, the template columns, the demo's runs, a dataset's board.
 * Lists the API pages through use `DataTable`. Inside a Card it reaches the card's edges, as
 * DataTable does; `boxed`, for a dialog, draws it small in a box of its own that scrolls under a
 * fixed heading. With `sorting`, the headers of columns with a `sortKey` sort (aria-sort says how).
 */
export function SimpleTable<Row, Key extends string = string>({
  columns,
  rows,
  rowKey,
  label,
  dense = false,
  alignTop = false,
  boxed = false,
  sorting,
}: {
  columns: Array<SimpleColumn<Row, Key>>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  label?: string;
  dense?: boolean;
  alignTop?: boolean;
  boxed?: boolean;
  sorting?: TableSorting<Key>;
}) {
  const padding = boxed ? 'py-1.5' : dense ? 'py-2' : 'py-2.5';
  const edge = (index: number) => (boxed ? 'px-3' : index === 0 ? 'pl-6 pr-3' : index === columns.length - 1 ? 'pr-6 pl-3' : 'px-3');
  return (
    <div className={boxed ? 'max-h-56 overflow-y-auto rounded-md ring-1 ring-stone-200' : 'scroll-hint -mx-6 overflow-x-auto'}>
      <table className={`w-full text-left ${boxed ? 'text-xs' : 'text-sm'}`} aria-label={label}>
        <thead className={boxed ? 'sticky top-0 bg-stone-50 text-stone-500' : 'text-xs uppercase tracking-wide text-stone-500'}>
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={sorting && column.sortKey !== undefined && sorting.sort.key === column.sortKey ? (sorting.sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                className={`${edge(index)} ${boxed ? 'py-1.5' : 'py-2'} font-medium ${column.align === 'right' ? 'text-right' : ''}`}
              >
                {column.srOnly ? (
                  <span className="sr-only">{column.header}</span>
                ) : sorting && column.sortKey !== undefined ? (
                  <SortHeader header={column.header} sortKey={column.sortKey} sorting={sorting} />
                ) : (
                  keepGreekCase(column.header)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-stone-100 ${alignTop ? 'align-top' : ''}`}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={column.header} className={`${edge(index)} ${padding} ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column whose cell links to a record's own page by its name (a cross's cross plan, a run); `linkClassName` adds to the link's look. */
export function linkColumn<Row>({
  header,
  route,
  id,
  name,
  linkClassName,
}: {
  header: string;
  route: string;
  id: (row: Row) => number;
  name: (row: Row) => ReactNode;
  linkClassName?: string;
}): SimpleColumn<Row> {
  return {
    header,
    cell: (row) => (
      <ViewLink route={route} id={id(row)} className={linkClassName}>
        {name(row)}
      </ViewLink>
    ),
  };
}
