import type { CellContext, ColumnDef, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ColumnIdOf, ListDefinition, ListFilter, ListOption } from '../../../contract/list-definitions';

declare module '@tanstack/react-table' {
  /** What the table's header reads from a column's list definition (as tablecn keeps label, variant and options here). */
  interface ColumnMeta<TData extends RowData, TValue> {
    label?: string;
  }
}

interface ListColumnOptions<Row> {
  /** The cell's value; by default the row's field of the column's id. */
  value?: (row: Row) => unknown;
  cell?: (info: CellContext<Row, unknown>) => ReactNode;
}

/**
 * The columns of a list's table, each named by an id its definition declares: the header is the
 * definition's label and the table sorts by it when the definition lists it among the sort
 * fields. Display columns (a row's menu, a checkbox) are TanStack's own `display`.
 */
export function listColumns<Row extends Record<string, unknown>, Definition extends ListDefinition>(definition: Definition) {
  return function column(id: ColumnIdOf<Definition>, { value, cell }: ListColumnOptions<Row> = {}): ColumnDef<Row, unknown> {
    const label = definition.columns[id]?.label ?? id;
    return {
      id,
      header: label,
      meta: { label },
      accessorFn: value ?? ((row) => row[id]),
      ...(cell ? { cell } : {}),
    };
  };
}

/** A filter of the toolbar: one the list's definition declares with a variant, by its name. */
export interface TableFilter extends ListFilter {
  name: string;
}

/** The definition's filters the toolbar offers, with the options of those whose choices are other records. */
export function toolbarFilters(list: ListDefinition, options: Partial<Record<string, readonly ListOption[]>> = {}): TableFilter[] {
  return Object.entries(list.filters)
    .filter(([, filter]) => filter.variant !== undefined)
    .map(([name, filter]) => ({ name, ...filter, ...(options[name] ? { options: options[name] } : {}) }));
}
