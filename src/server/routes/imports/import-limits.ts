/**
 * How much of a file an import reads, and what it says past each bound. The bounds are checked
 * while the file is read, before anything is parsed that could exhaust memory or time: a workbook's
 * declared sizes first, then the bytes actually inflated, then rows as they are read.
 */

/** The request body: CSV text or the .xlsx file itself (imports.index.ts refuses more with 413). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** Rows of one file (CSV rows, or rows of the sheet read). */
export const MAX_IMPORT_ROWS = 200_000;

/** Columns of the header row: a table wider than this is not a table of records. */
export const MAX_IMPORT_COLUMNS = 1000;

/** XML a workbook may unpack to (the sheet read, its shared strings, styles and the workbook's index), all together. */
export const MAX_WORKBOOK_XML_BYTES = 128 * 1024 * 1024;

/** A worker reading one file longer than this is stopped; the bounds above keep honest files well within it. */
export const READ_TIMEOUT_MS = 60_000;

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024).toLocaleString('en')} MB`;
const SPLIT_HINT = `Split the rows into several files of at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows, each with the header row, and import them one after another.`;

export const LIMIT_MESSAGES = {
  rows: (where: string) => `${where} has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; Seedbed imports at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows from one file. ${SPLIT_HINT}`,
  columns: (where: string, column: number) =>
    `The header row of ${where} reaches column ${column.toLocaleString('en')}; Seedbed reads at most ${MAX_IMPORT_COLUMNS.toLocaleString('en')} columns. Delete the columns that are not part of the table (or copy the table alone to a new sheet or file) and import again.`,
  unpacked: (claimed?: number) =>
    `The workbook unpacks to more than ${megabytes(MAX_WORKBOOK_XML_BYTES)}${claimed === undefined ? '' : ` (it says ${megabytes(claimed)})`}; Seedbed reads at most ${megabytes(MAX_WORKBOOK_XML_BYTES)} from one workbook. ${SPLIT_HINT} A workbook can also be saved as CSV (up to ${megabytes(MAX_IMPORT_BYTES)}).`,
  timeout: () => `Reading the file took longer than ${READ_TIMEOUT_MS / 1000} s, so Seedbed stopped. ${SPLIT_HINT}`,
  memory: () => `The file needs more memory to read than Seedbed allows one import. ${SPLIT_HINT}`,
  busy: () => 'Seedbed is reading as many import files as it can at once; try again in a minute.',
};
