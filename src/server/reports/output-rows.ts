import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import Papa from 'papaparse';

/**
 * A run's output files read as rows, a line at a time from storage: a report over a 1 GB
 * associations table holds what its charts keep, never the file.
 */

/** A row: its cells by column name (text from CSV/TSV, any JSON value from JSON). */
export type Row = Record<string, unknown>;

/** `discovery/*.csv`, `**\/fastqc/*.html`: `*` any name, `**` any folders, `?` one character. */
export function globPattern(glob: string): RegExp {
  let source = '';
  for (let at = 0; at < glob.length; at += 1) {
    const char = glob[at]!;
    if (char === '*' && glob[at + 1] === '*') {
      const slash = glob[at + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      at += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The separator of a delimited text output by its name; null for JSON and anything else. */
export function separatorOf(file: string): ',' | '\t' | null {
  const name = file.replace(/\.(gz|bgz)$/i, '').toLowerCase();
  if (name.endsWith('.csv')) return ',';
  if (name.endsWith('.tsv') || name.endsWith('.txt') || name.endsWith('.tab')) return '\t';
  return null;
}

export const isJson = (file: string) => /\.json(\.gz)?$/i.test(file);

/** One line of CSV: split at commas, or by papaparse when it quotes. */
function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  return Papa.parse<string[]>(line, { header: false }).data[0] ?? [];
}

/**
 * Reads the rows of a CSV or TSV stream (gzip by its name), header first, calling `onRow` for
 * each; with `wanted`, rows hold those columns only (a report of four columns of a wide table).
 */
export async function eachDelimitedRow(stream: Readable, file: string, onRow: (row: Row) => void, wanted: Set<string> | null = null): Promise<void> {
  const separator = separatorOf(file);
  if (!separator) throw new Error(`${file} is not a CSV or TSV file; read it as JSON or declare another output.`);
  const input = /\.(gz|bgz)$/i.test(file) ? stream.pipe(createGunzip()) : stream;
  let header: string[] | null = null;
  let indexes: number[] = [];
  const onLine = (raw: string) => {
    const line = header === null ? raw.replace(/^\uFEFF/, '') : raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || line.startsWith('#')) return;
    const cells: string[] = separator === ',' ? splitCsv(line) : line.split('\t');
    if (header === null) {
      header = cells.map((cell) => cell.trim());
      indexes = header.flatMap((name, index) => (wanted === null || wanted.has(name) ? [index] : []));
      return;
    }
    const row: Row = {};
    for (const index of indexes) row[header[index]!] = cells[index];
    onRow(row);
  };
  // Lines cut from chunks by hand: readline's events cost more than the parsing on a million rows.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of input) {
      const text = rest + decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        onLine(text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest !== '') onLine(rest);
  } finally {
    stream.destroy();
  }
}

/** The largest JSON output a report parses whole. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;

export async function readJsonStream(stream: Readable, file: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  const input = /\.gz$/i.test(file) ? stream.pipe(createGunzip()) : stream;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) {
      stream.destroy();
      throw new Error(`${file} is larger than ${MAX_JSON_BYTES / 1024 ** 2} MB; a report reads JSON whole, so declare a CSV output for its rows instead.`);
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** The value at a dotted path (`sites.removed.lowMaf`, `samples.0.called`), or undefined. */
export function valueAt(value: unknown, dotted: string): unknown {
  let current = value;
  for (const part of dotted.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The rows at a dotted path of a JSON document: an array of objects, or an object of objects (its keys in `key`). */
export function jsonRows(document: unknown, dotted: string, file: string): Row[] {
  const found = valueAt(document, dotted);
  const flatten = (entry: unknown, key?: string): Row => {
    const row: Row = key === undefined ? {} : { key };
    if (entry !== null && typeof entry === 'object') Object.assign(row, entry);
    else row.value = entry;
    return row;
  };
  if (Array.isArray(found)) return found.map((entry) => flatten(entry));
  if (found !== null && typeof found === 'object') return Object.entries(found).map(([key, entry]) => flatten(entry, key));
  throw new Error(`${file} has no array or object at “${dotted}”; the report's "rows" must name one.`);
}

/** A cell of a row by column name; a dotted name reaches into JSON rows (heritability.cullis). */
export function cellOf(row: Row, column: string): unknown {
  if (column in row) return row[column];
  return column.includes('.') ? valueAt(row, column) : undefined;
}

/** A cell as a number: null for blanks, NA and text. */
export function numberOf(cell: unknown): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  if (text === '' || /^(na|nan|null|none|inf|-inf)$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export const textOf = (cell: unknown): string => (cell === null || cell === undefined ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell));

/** A local output file as a stream (for outputs not yet registered as stored files). */
export const localStream = (directory: string, relative: string) => fs.createReadStream(path.join(directory, relative));
