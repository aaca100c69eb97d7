import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import type { ImportProblem } from '../../../contract/imports';
import { DomainError } from '../../domain-errors';

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
 * Reads an import's body: an .xlsx workbook (by its bytes, whatever the content type says; the
 * named sheet or the first) or CSV text (UTF-8, the separator found by papaparse).
 */
export async function readTable(body: Uint8Array, sheet?: string): Promise<Table> {
  if (startsWith(body, OLE_MAGIC)) throw new DomainError('invalid', XLS_MESSAGE);
  if (startsWith(body, ZIP_MAGIC)) return readWorkbook(body, sheet);
  return readCsv(new TextDecoder('utf-8').decode(body));
}

function readCsv(text: string): Table {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  const errors = parsed.errors
    .slice(0, 20)
    .map((error) => ({ row: (error.row ?? 0) + 2, column: '', message: `Row ${(error.row ?? 0) + 2} cannot be read as CSV: ${error.message}. Check its quotes and separators.` }));
  return {
    headers: (parsed.meta.fields ?? []).filter((header) => header !== ''),
    records: parsed.data.map((cells, index) => ({ row: index + 2, cells })),
    errors,
  };
}

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD (with the time when there is one), numbers as written. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return String(value).trim();
}

async function readWorkbook(body: Uint8Array, wanted?: string): Promise<Table> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(body));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DomainError('invalid', `This file looks like an Excel workbook but cannot be read (${reason}). Open it in Excel or LibreOffice, save it again as .xlsx or CSV, and import that file.`);
  }
  const names = sheets.map((entry) => entry.sheet);
  const chosen = wanted === undefined ? sheets[0] : sheets.find((entry) => entry.sheet === wanted);
  if (!chosen) throw new DomainError('invalid', `The workbook has no sheet named '${wanted}'; its sheets are ${names.map((name) => `'${name}'`).join(', ')}.`);
  const rows = chosen.data.map((row) => row.map(cellText));
  // The header is the first row with a value; rows keep their numbers in the sheet.
  const headerIndex = rows.findIndex((row) => row.some((cell) => cell !== ''));
  const base = { sheets: names, sheet: chosen.sheet };
  if (headerIndex < 0) return { headers: [], records: [], errors: [{ row: 1, column: '', message: `The sheet '${chosen.sheet}' is empty; choose the sheet that holds the table.` }], ...base };
  const header = rows[headerIndex]!;
  const headers = header.filter((cell) => cell !== '');
  const records = rows.slice(headerIndex + 1).flatMap((row, offset) => {
    if (!row.some((cell) => cell !== '')) return [];
    const cells: Record<string, string> = {};
    header.forEach((name, column) => {
      if (name !== '') cells[name] = row[column] ?? '';
    });
    return [{ row: headerIndex + offset + 2, cells }];
  });
  return { headers, records, errors: [], ...base };
}
