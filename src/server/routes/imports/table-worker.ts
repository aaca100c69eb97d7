import { parseTable, type Table } from './table-reader';
import { TableReadError } from './xlsx-reader';

/** What the worker answers: the table, or why the file was refused (an Error's class does not cross threads). */
export type TableTaskResult = { table: Table } | { refused: { kind: TableReadError['kind']; message: string } };

export interface TableTask {
  body: Uint8Array;
  sheet?: string;
}

/** Runs in a worker thread of the pool in table-workers.ts. */
export default async function readTableTask({ body, sheet }: TableTask): Promise<TableTaskResult> {
  try {
    return { table: await parseTable(body, sheet) };
  } catch (error) {
    if (error instanceof TableReadError) return { refused: { kind: error.kind, message: error.message } };
    throw error;
  }
}
