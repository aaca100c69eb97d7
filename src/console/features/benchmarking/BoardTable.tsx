import type { ReactNode } from 'react';
import type { BoardSort } from './dataset-board-rows';

/** A heading in capitals, its Greek letter kept small (an upper-case ρ reads as P). */
function headingText(text: string) {
  const at = text.search(/[\u03b1-\u03c9]/);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="normal-case">{text[at]}</span>
      {text.slice(at + 1)}
    </>
  );
}

export interface BoardColumn<Row, Key extends string> {
  header: string;
  /** Sortable by this key; a column without one is not. */
  sortKey?: Key;
  align?: 'left' | 'right';
  className?: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A board's table: the headers of sortable columns are buttons (the first press sorts the best
 * first: descending, ascending for errors and costs), aria-sort says the order, rows follow `rows`.
 */
export function BoardTable<Row, Key extends string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  ascendingFirst,
}: {
  label: string;
  columns: Array<BoardColumn<Row, Key>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  sort: BoardSort<Key>;
  onSort: (sort: BoardSort<Key>) => void;
  /** Keys whose best is the smallest (RMSE, FDR, cost): sorted ascending first. */
  ascendingFirst: ReadonlySet<Key>;
}) {
  const edge = (index: number) => (index === 0 ? 'pl-6 pr-3' : index === columns.length - 1 ? 'pr-6 pl-3' : 'px-3');
  const press = (key: Key) => onSort(sort.key === key ? { key, order: sort.order === 'asc' ? 'desc' : 'asc' } : { key, order: ascendingFirst.has(key) ? 'asc' : 'desc' });
  return (
    <div className="-mx-6 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs uppercase tracking-wide text-stone-500">
          <tr>
            {columns.map((column, index) => {
              const sorted = column.sortKey !== undefined && sort.key === column.sortKey;
              return (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={`${edge(index)} py-2 font-medium whitespace-nowrap ${column.align === 'right' ? 'text-right' : ''}`}
                >
                  {column.sortKey === undefined ? (
                    headingText(column.header)
                  ) : (
                    <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-stone-900" onClick={() => press(column.sortKey!)}>
                      {headingText(column.header)}
                      <span aria-hidden="true" className={sorted ? 'text-stone-900' : 'text-stone-300'}>
                        {sorted && sort.order === 'asc' ? '▲' : '▼'}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 align-top">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={column.header} className={`${edge(index)} py-2 ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}>
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
