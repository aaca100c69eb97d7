import { parseTable, type Table } from './table-reader';
import { TableReadError } from './xlsx-reader';

/**
 * What the worker answers: the table, its records as JSON text in parts (a structured clone of
 * 200,000 objects is one long pause on the receiving thread; a few strings cost nothing, and the
 * API parses them a part per turn of its event loop), or why the file was refused (an Error's
 * class does not cross threads).
 */
export type TableTaskResult = { table: Omit<Table, 'records'>; recordParts: string[] } | { refused: { kind: TableReadError['kind']; message: string } };

/** Records per part of the answer. */
const RECORDS_PER_PART = 5000;

export interface TableTask {
  body: Uint8Array;
  sheet?: string;
}

/** Runs in a worker thread of the pool in table-workers.ts. */
export default async function readTableTask({ body, sheet }: TableTask): Promise<TableTaskResult> {
  try {
    const { records, ...table } = await parseTable(body, sheet);
    const recordParts: string[] = [];
    for (let start = 0; start < records.length; start += RECORDS_PER_PART) recordParts.push(JSON.stringify(records.slice(start, start + RECORDS_PER_PART)));
    return { table, recordParts };
  } catch (error) {
    if (error instanceof TableReadError) return { refused: { kind: error.kind, message: error.message } };
    throw error;
  }
}
