import type { ColumnDef, DisplayColumnDef } from '@tanstack/react-table';
import { lazy, Suspense } from 'react';
import type { DataTable, DataTableProps } from './DataTable';

/**
 * The table of a page whose list is its main content, without TanStack Table in the page's first
 * load (issue #36: every console route ≤ 100 KB of JavaScript). The code is fetched as soon as such
 * a page starts, beside the session check, so the list waits for it no longer than for its rows;
 * the page's frame hydrates without it. Tables inside code that is itself loaded on demand (a
 * record's runs, a run's tasks) import DataTable directly.
 */
let tableModule: Promise<typeof import('./DataTable')> | undefined;
export const loadDataTable = () => {
  tableModule ??= import('./DataTable').catch((error: unknown) => {
    tableModule = undefined; // the table's next render tries again
    throw error;
  });
  return tableModule;
};
// A failed fetch here is reported where the table is drawn: React.lazy throws it there.
loadDataTable().catch(() => undefined);

// lazy() drops DataTable's type parameters (the row type); the component it draws is DataTable itself.
const Table = lazy(() => loadDataTable().then((module) => ({ default: module.DataTable }))) as unknown as typeof DataTable;

/** What DataTable shows while its first page loads (five pulsing rows), shown while its code does. */
export function TableSkeleton({ columns }: { columns: number }) {
  return (
    <div className="min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-stone-200" aria-busy="true">
      <div className="border-b border-stone-100 p-4">
        <div className="h-9" />
      </div>
      <table className="w-full text-left text-sm">
        <tbody className="divide-y divide-stone-100">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their place
            <tr key={index} data-testid="skeleton-row">
              {Array.from({ length: columns }, (_, cell) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells likewise
                <td key={cell} className="px-4 py-3">
                  <div className="h-3.5 animate-pulse rounded bg-stone-200" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** DataTable, loaded as above; the same props. */
export function LazyDataTable<Row, Filter extends string = string, Sort extends string = string>(props: DataTableProps<Row, Filter, Sort>) {
  return (
    <Suspense fallback={<TableSkeleton columns={props.columns.length} />}>
      <Table {...props} />
    </Suspense>
  );
}

/**
 * A display column (a row's menu, a checkbox), as TanStack's `createColumnHelper().display` makes
 * it: importing that helper would put all of TanStack Table back into the page's first load.
 */
export function displayColumn<Row>(column: DisplayColumnDef<Row, unknown>): ColumnDef<Row, unknown> {
  return column;
}
