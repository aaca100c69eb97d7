import Papa from 'papaparse';
import type { ImportProblem } from '../../../contract/imports';
import { LIMIT_MESSAGES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './import-limits';
import { readWorkbook, TableReadError } from './xlsx-reader';

/** A spreadsheet as imports read it: its header, and every row's cells as text by header. */
export interface Table {
  headers: string[];
  /** Each row's cells by header, with its spreadsheet row number (the header is row 1). */
  records: Array<{ row: number; cells: Record<string, string> }>;
  /** Problems reading the file itself (not its values). */
  errors: ImportProblem[];
  /** For .xlsx: every sheet, and the one read. */
  sheets?: string[];
  sheet?: string;
}

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

export const XLS_MESSAGE =
  'This is an Excel 97–2003 workbook (.xls), which Seedbed cannot read. Open it in Excel or LibreOffice, save it as an Excel workbook (.xlsx) or as CSV, and import that file.';

/**
 * Parses an import's body: an .xlsx workbook (by its bytes, whatever the content type says; the
 * named sheet or the first) or CSV text (UTF-8, the separator found by papaparse). Throws
 * TableReadError past the bounds of import-limits.ts. CPU-bound: the API calls it through the
 * worker pool (table-workers.ts), never on its event loop.
 */
export async function parseTable(body: Uint8Array, sheet?: string): Promise<Table> {
  if (startsWith(body, OLE_MAGIC)) throw new TableReadError(XLS_MESSAGE);
  if (startsWith(body, ZIP_MAGIC)) return readWorkbook(body, sheet);
  return readCsv(new TextDecoder('utf-8').decode(body));
}

function readCsv(text: string): Table {
  // One row past the limit is enough to know the file is over it.
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    preview: MAX_IMPORT_ROWS + 1,
  });
  // Truncated: papaparse stopped at the preview's rows (empty lines count), so more rows follow.
  if (parsed.data.length > MAX_IMPORT_ROWS || parsed.meta.truncated) throw new TableReadError(LIMIT_MESSAGES.rows('The file'), 'too-large');
  const fields = parsed.meta.fields ?? [];
  if (fields.length > MAX_IMPORT_COLUMNS) throw new TableReadError(LIMIT_MESSAGES.columns('the file', fields.length), 'too-large');
  const errors = parsed.errors
    .slice(0, 20)
    .map((error) => ({ row: (error.row ?? 0) + 2, column: '', message: `Row ${(error.row ?? 0) + 2} cannot be read as CSV: ${error.message}. Check its quotes and separators.` }));
  return {
    headers: fields.filter((header) => header !== ''),
    records: parsed.data.map((cells, index) => ({ row: index + 2, cells })),
    errors,
  };
}
