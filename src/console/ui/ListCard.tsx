import type { ReactNode } from 'react';
import { Card } from './Card';
import { type SimpleColumn, SimpleTable } from './SimpleTable';

/** A card of the few rows a page already holds, in a dense table named by the card's title, or what to say when there are none. */
export function ListCard<Row>({
  title,
  description,
  empty,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  description?: ReactNode;
  empty: ReactNode;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: Array<SimpleColumn<Row>>;
}) {
  return (
    <Card title={title} description={description}>
      {rows.length === 0 ? <p className="text-sm text-stone-500">{empty}</p> : <SimpleTable label={title} dense rows={rows} rowKey={rowKey} columns={columns} />}
    </Card>
  );
}
