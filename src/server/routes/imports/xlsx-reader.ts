import sax from 'sax';
import { LIMIT_MESSAGES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_WORKBOOK_XML_BYTES } from './import-limits';
import type { Table } from './table-reader';
import { UnpackBudget, unpackEntry, ZipBudgetError, type ZipEntry, ZipError, zipEntries } from './zip-entries';

/**
 * Reads one sheet of an .xlsx workbook as a stream: the zip's directory says where each part is,
 * each part is unpacked chunk by chunk under one byte budget, and its XML is read by a SAX parser
 * as it arrives. Rows are counted as they are read; nothing is held but the shared strings and
 * the rows of the table (never a dense grid, whatever cell references a sheet claims).
 */

/** The file cannot be read as asked; the message says why and what to do. */
export class TableReadError extends Error {
  override name = 'TableReadError';
  constructor(
    message: string,
    /** 'too-large' when a bound was reached; 'invalid' when the file is not what it should be. */
    readonly kind: 'invalid' | 'too-large' = 'invalid',
  ) {
    super(message);
  }
}

const unreadable = (reason: string) =>
  new TableReadError(`This file looks like an Excel workbook but cannot be read (${reason}). Open it in Excel or LibreOffice, save it again as .xlsx or CSV, and import that file.`);

type Element = { name: string; attributes: Record<string, string> };
type Handlers = { open?: (element: Element) => void; close?: (name: string) => void; text?: (text: string) => void };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Deeper than any part of a workbook nests. */
const MAX_DEPTH = 100;

/** Streams one part's XML through the handlers; element names without their namespace prefix. */
async function readPart(body: Uint8Array, entry: ZipEntry, budget: UnpackBudget, handlers: Handlers): Promise<void> {
  const parser = sax.parser(true, { trim: false, normalize: false, position: false });
  let failure: Error | null = null;
  parser.onerror = (error) => {
    failure ??= unreadable(`${entry.name} is not well-formed XML: ${error.message.split('\n')[0]}`);
  };
  // Spreadsheet XML nests a few levels; deep nesting only costs (sax reports a stray close tag once per open level).
  let depth = 0;
  const open = handlers.open;
  parser.onopentag = (tag) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw unreadable(`${entry.name} nests elements more than ${MAX_DEPTH} deep, which no workbook does`);
    open?.({ name: localName(tag.name), attributes: tag.attributes as Record<string, string> });
  };
  const close = handlers.close;
  parser.onclosetag = (name) => {
    depth -= 1;
    close?.(localName(name));
  };
  if (handlers.text) {
    parser.ontext = handlers.text;
    parser.oncdata = handlers.text;
  }
  // A handler's own error (a bound reached) passes through; the parser's are said as a damaged file.
  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      if (!failure) throw error;
    }
    if (failure) throw failure;
  };
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of unpackEntry(body, entry, budget)) feed(decoder.decode(chunk, { stream: true }));
  feed(decoder.decode());
  feed(null);
}

/** An archive path from a relationship's target, relative to the part that names it. */
function resolvePath(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** A part's relationships: id → { type, path }. */
async function relationshipsOf(body: Uint8Array, entries: Map<string, ZipEntry>, part: string, budget: UnpackBudget) {
  const slash = part.lastIndexOf('/');
  const relsPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const found = new Map<string, { type: string; path: string }>();
  const entry = entries.get(relsPath);
  if (!entry) return found;
  await readPart(body, entry, budget, {
    open: ({ name, attributes }) => {
      if (name === 'Relationship' && attributes.Id && attributes.Target && attributes.TargetMode !== 'External')
        found.set(attributes.Id, { type: attributes.Type ?? '', path: resolvePath(part, attributes.Target) });
    },
  });
  return found;
}

/** Number formats Excel shows as dates or times: the built-in ones, and format codes with date or time parts. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
function isDateFormat(code: string): boolean {
  // Quoted text, escaped characters and [colour]/[$-locale] sections are not date parts.
  const bare = code.replace(/"[^"]*"|\\.|_.|\*.|\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (the `s` of a cell), whether it shows a date. */
async function dateStyles(body: Uint8Array, entry: ZipEntry | undefined, budget: UnpackBudget): Promise<boolean[]> {
  if (!entry) return [];
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellFormats = false;
  await readPart(body, entry, budget, {
    open: ({ name, attributes }) => {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) {
        const id = Number(attributes.numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  return styles;
}

/** The shared strings: each `<si>`'s text, runs joined, phonetic readings left out. */
async function sharedStrings(body: Uint8Array, entry: ZipEntry | undefined, budget: UnpackBudget): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readPart(body, entry, budget, {
    open: ({ name }) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
  });
  return strings;
}

/** Column index (A = 0) of a cell reference such as "BC12"; -1 when there is none. */
function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  let index = 0;
  for (; index < reference.length && index < 4; index += 1) {
    const code = reference.charCodeAt(index) & ~0x20;
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return index === 0 ? -1 : column - 1;
}

/** A date cell as the text a CSV would hold: YYYY-MM-DD, with the time when there is one. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** An Excel serial day number as a date (to the second: serials carry floating-point noise). */
function serialDate(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial;
  return new Date(Math.round((days - 25569) * 86400) * 1000);
}

interface SheetCell {
  type: string;
  style: number;
  value: string;
  inline: string;
}

/** Reads the sheet's rows: the first row with a value is the header, later rows with a value are records. */
async function readSheet(
  body: Uint8Array,
  entry: ZipEntry,
  sheetName: string,
  context: { budget: UnpackBudget; strings: string[]; dates: boolean[]; date1904: boolean },
): Promise<Pick<Table, 'headers' | 'records' | 'errors'>> {
  const where = `the sheet '${sheetName}'`;
  let header: string[] | null = null;
  const records: Table['records'] = [];
  let rowNumber = 0;
  /** The row's cells by column: the header's columns only, so a row of a million cells holds no more. */
  let cells = new Map<number, string>();
  let nextColumn = 0;
  let cell: SheetCell | null = null;
  let column = -1;
  let reading: 'value' | 'inline' | null = null;
  let phonetic = 0;

  const textOf = ({ type, style, value, inline }: SheetCell): string => {
    switch (type) {
      case 's':
        return context.strings[Number(value)] ?? '';
      case 'inlineStr':
        return inline;
      case 'b':
        return value === '1' ? 'true' : value === '0' ? 'false' : value;
      case 'd':
        return dateText(new Date(value));
      case 'str':
      case 'e':
        return value;
      default: {
        if (value.trim() === '') return '';
        const number = Number(value);
        if (Number.isNaN(number)) return value;
        return context.dates[style] ? dateText(serialDate(number, context.date1904)) : String(number);
      }
    }
  };

  const endRow = () => {
    if (cells.size === 0) return;
    if (!header) {
      let width = 0;
      for (const index of cells.keys()) width = Math.max(width, index + 1);
      header = Array.from({ length: width }, () => '');
      for (const [index, text] of cells) header[index] = text;
      return;
    }
    if (records.length >= MAX_IMPORT_ROWS) throw new TableReadError(LIMIT_MESSAGES.rows(`The sheet '${sheetName}'`), 'too-large');
    const values: Record<string, string> = {};
    header.forEach((name, index) => {
      if (name !== '') values[name] = cells.get(index) ?? '';
    });
    records.push({ row: rowNumber, cells: values });
  };

  await readPart(body, entry, context.budget, {
    open: ({ name, attributes }) => {
      if (name === 'row') {
        const declared = Number(attributes.r);
        rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
        cells = new Map();
        nextColumn = 0;
      } else if (name === 'c') {
        const declared = columnOf(attributes.r);
        column = declared >= 0 ? declared : nextColumn;
        nextColumn = column + 1;
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '' };
      } else if (cell && name === 'v') reading = 'value';
      else if (cell && name === 'rPh') phonetic += 1;
      else if (cell && name === 't' && phonetic === 0) reading = 'inline';
    },
    text: (text) => {
      if (!cell || reading === null) return;
      if (reading === 'value') cell.value += text;
      else cell.inline += text;
    },
    close: (name) => {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && cell) {
        const text = textOf(cell).trim();
        cell = null;
        if (text === '') return;
        // Only the header's columns are kept, and the header is at most MAX_IMPORT_COLUMNS wide.
        if (!header && column >= MAX_IMPORT_COLUMNS) throw new TableReadError(LIMIT_MESSAGES.columns(where, column + 1), 'too-large');
        if (!header || column < (header as string[]).length) cells.set(column, text);
      } else if (name === 'row') endRow();
    },
  });
  if (!header) return { headers: [], records: [], errors: [{ row: 1, column: '', message: `The sheet '${sheetName}' is empty; choose the sheet that holds the table.` }] };
  return { headers: (header as string[]).filter((name) => name !== ''), records, errors: [] };
}

/** Reads the named sheet of an .xlsx workbook, or its first; refuses past the bounds in import-limits.ts. */
export async function readWorkbook(body: Uint8Array, wanted?: string): Promise<Table> {
  try {
    return await readSheetOf(body, wanted);
  } catch (error) {
    if (error instanceof ZipError) throw unreadable(error.message);
    if (error instanceof ZipBudgetError) throw new TableReadError(LIMIT_MESSAGES.unpacked(error.claimed), 'too-large');
    throw error;
  }
}

async function readSheetOf(body: Uint8Array, wanted?: string): Promise<Table> {
  const entries = zipEntries(body);
  const budget = new UnpackBudget(MAX_WORKBOOK_XML_BYTES);
  const rootRelations = await relationshipsOf(body, entries, '', budget);
  const workbookPath = [...rootRelations.values()].find((relation) => relation.type.endsWith('/officeDocument'))?.path ?? 'xl/workbook.xml';
  const workbookEntry = entries.get(workbookPath);
  if (!workbookEntry) throw unreadable('it has no workbook part');

  const sheets: Array<{ name: string; relation: string }> = [];
  let date1904 = false;
  await readPart(body, workbookEntry, budget, {
    open: ({ name, attributes }) => {
      if (name === 'sheet') sheets.push({ name: attributes.name ?? '', relation: attributes['r:id'] ?? Object.entries(attributes).find(([key]) => localName(key) === 'id')?.[1] ?? '' });
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
    },
  });
  const names = sheets.map((sheet) => sheet.name);
  const chosen = wanted === undefined ? sheets[0] : sheets.find((sheet) => sheet.name === wanted);
  if (!chosen) {
    if (wanted === undefined) throw unreadable('it has no sheets');
    throw new TableReadError(`The workbook has no sheet named '${wanted}'; its sheets are ${names.map((name) => `'${name}'`).join(', ')}.`);
  }
  const relations = await relationshipsOf(body, entries, workbookPath, budget);
  const partOf = (type: string) => [...relations.values()].find((relation) => relation.type.endsWith(type))?.path;
  const sheetPath = relations.get(chosen.relation)?.path;
  const sheetEntry = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheetEntry) throw unreadable(`the sheet '${chosen.name}' has no data part`);
  const strings = await sharedStrings(body, entries.get(partOf('/sharedStrings') ?? 'xl/sharedStrings.xml'), budget);
  const dates = await dateStyles(body, entries.get(partOf('/styles') ?? 'xl/styles.xml'), budget);
  const table = await readSheet(body, sheetEntry, chosen.name, { budget, strings, dates, date1904 });
  return { ...table, sheets: names, sheet: chosen.name };
}
