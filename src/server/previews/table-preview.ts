import Papa from 'papaparse';
import type { TablePreview } from '../../contract/previews';
import { formatCursor, parseCursor, START, type Position, type StoredBytes } from './byte-source';
import { type Line, linesFrom, MAX_ROW_BYTES } from './lines';

/** A record of a delimited file: its lines (more than one when a quoted cell holds line breaks) and where it starts and ends. */
export interface TextRecord {
  text: string;
  start: Position;
  next: Position | null;
}

/** A quoted cell may hold line breaks: a record goes on while its quotes are unbalanced, up to 1 MB (a stray quote must not swallow the file). */
const MAX_RECORD_CHARS = 1024 * 1024;

export async function* recordsFrom(bytes: StoredBytes, from: Position): AsyncGenerator<TextRecord> {
  let open: { text: string; start: Position; quotes: number } | null = null;
  let last: Line | null = null;
  for await (const line of linesFrom(bytes, from, MAX_ROW_BYTES)) {
    last = line;
    const quotes = (line.text.match(/"/g) ?? []).length;
    if (open) {
      open.text += `\n${line.text}`;
      open.quotes += quotes;
    } else {
      if (line.text.trim() === '') continue;
      open = { text: line.text, start: line.start, quotes };
    }
    if (open.quotes % 2 === 0 || open.text.length > MAX_RECORD_CHARS) {
      yield { text: open.text, start: open.start, next: line.next };
      open = null;
    }
  }
  if (open) yield { text: open.text, start: open.start, next: last?.next ?? null };
}

export const cellsOf = (record: string, delimiter: string) => Papa.parse<string[]>(record, { delimiter }).data[0] ?? [];

/** The header, then `limit` rows from the cursor; the cursor after them is where the next row starts. */
export async function tablePage(
  bytes: StoredBytes,
  query: { cursor?: string | undefined; limit: number; columnOffset: number; columnLimit: number },
  knownDelimiter: string | null,
): Promise<Omit<TablePreview, 'format' | 'fileId' | 'name' | 'sizeBytes' | 'compression'>> {
  let header: TextRecord | null = null;
  for await (const record of recordsFrom(bytes, START)) {
    header = record;
    break;
  }
  if (!header) return { delimiter: knownDelimiter ?? ',', columns: [], columnWindow: { offset: 0, total: 0 }, rows: [], firstRow: 1, nextCursor: null };
  const delimiter = knownDelimiter ?? (Papa.parse(header.text, { delimitersToGuess: [',', '\t', ';', '|'] }).meta.delimiter || ',');
  const names = cellsOf(header.text, delimiter);
  const from = query.cursor ? parseCursor(query.cursor, bytes) : { position: header.next ?? START, before: 0 };
  const window = (cells: string[]) => cells.slice(query.columnOffset, query.columnOffset + query.columnLimit);

  const rows: string[][] = [];
  let nextCursor: string | null = null;
  if (header.next !== null || query.cursor) {
    for await (const record of recordsFrom(bytes, from.position)) {
      if (rows.length === query.limit) {
        nextCursor = formatCursor(bytes.compression, record.start, from.before + rows.length);
        break;
      }
      rows.push(window(cellsOf(record.text, delimiter)));
    }
  }
  return { delimiter, columns: window(names), columnWindow: { offset: query.columnOffset, total: names.length }, rows, firstRow: from.before + 1, nextCursor };
}
