import type { ReactNode } from 'react';
import { useRequest } from '../lib/use-request';
import { Card } from './Card';
import { LoadError } from './LoadError';
import { type SimpleColumn, SimpleTable } from './SimpleTable';

interface ListCardProps<Row> {
  title: string;
  description?: ReactNode;
  /** What the card says when there are no rows. */
  empty: ReactNode;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: Array<SimpleColumn<Row>>;
}

/** A card of the few rows a page already holds, in a dense table named by the card's title, or what to say when there are none. */
export function ListCard<Row>({ title, description, empty, rows, rowKey, columns }: ListCardProps<Row>) {
  return (
    <Card title={title} description={description}>
      {rows.length === 0 ? <p className="text-sm text-stone-500">{empty}</p> : <SimpleTable label={title} dense rows={rows} rowKey={rowKey} columns={columns} />}
    </Card>
  );
}

/** A ListCard of the records `path` lists (`{ data }`), shown once loaded; a failed load shows its error and a retry instead. */
export function LoadedListCard<Row extends { id: number }>({ path, what, ...card }: { path: string; what: string } & Omit<ListCardProps<Row>, 'rows' | 'rowKey'>) {
  const { data, error, reload } = useRequest<{ data: Row[] }>(path);
  if (error) return <LoadError what={what} error={error} onRetry={reload} />;
  if (!data) return null;
  return <ListCard {...card} rows={data.data} rowKey={(row) => row.id} />;
}
