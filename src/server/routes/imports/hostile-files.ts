import { crc32, deflateRawSync } from 'node:zlib';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './import-limits';

/**
 * Import files made to exhaust a server, for the tests (hostile-imports.test.ts) and the bench
 * (tests/bench/hostile-imports-bench.ts): each is small on the wire and costly to read naively.
 * The workbooks are zipped here by hand, so that their headers can lie.
 */

interface ZipPart {
  name: string;
  data: Uint8Array;
  /** The unpacked size to declare in place of the real one. */
  declaredSize?: number;
}

/** A zip archive of deflated parts; a part's declared size may be a lie (written as ZIP64 past 4 GiB). */
export function zipOf(parts: ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const compressed = deflateRawSync(part.data, { level: 1 });
    const size = part.declaredSize ?? part.data.byteLength;
    const zip64 = size >= 0xffffffff;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
    }
    const crc = crc32(part.data);
    // A directory entry holds its local header's fields 2 bytes later (after the version that
    // made it), then where that header is.
    const fields = (header: Buffer, signature: number, shift: number) => {
      header.writeUInt32LE(signature, 0);
      header.writeUInt16LE(zip64 ? 45 : 20, 4 + shift);
      header.writeUInt16LE(8, 8 + shift);
      header.writeUInt32LE(crc, 14 + shift);
      header.writeUInt32LE(compressed.byteLength, 18 + shift);
      header.writeUInt32LE(zip64 ? 0xffffffff : size, 22 + shift);
      header.writeUInt16LE(name.byteLength, 26 + shift);
      header.writeUInt16LE(extra.byteLength, 28 + shift);
      return header;
    };
    locals.push(fields(Buffer.alloc(30), 0x04034b50, 0), name, extra, compressed);
    const entry = fields(Buffer.alloc(46), 0x02014b50, 2);
    entry.writeUInt16LE(zip64 ? 45 : 20, 4);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name, extra);
    offset += 30 + name.byteLength + extra.byteLength + compressed.byteLength;
  }
  const directorySize = directory.reduce((total, part) => total + part.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An .xlsx of one sheet whose XML is `sheetXml` (the whole worksheet part), optionally declaring another size for it. */
export function workbookOf(sheetXml: string | Uint8Array, declaredSize?: number): Uint8Array {
  const text = (value: string) => new TextEncoder().encode(value);
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: text(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: text(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/workbook.xml', data: text(`${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Accessions" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: text(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: typeof sheetXml === 'string' ? text(sheetXml) : sheetXml, ...(declaredSize === undefined ? {} : { declaredSize }) },
  ]);
}

const inline = (reference: string, value: string) => `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`;

/** A worksheet part: a header row of accession columns, then `rows` rows from `cellsOf`. */
export function accessionSheet(rows: number, cellsOf: (index: number) => string[] = (index) => [`Hostile-${index}`, 'Oryza']): string {
  const lines = [`${XML}<worksheet xmlns="${MAIN}"><sheetData>`, `<row r="1">${inline('A1', 'germplasmName')}${inline('B1', 'genus')}</row>`];
  for (let index = 0; index < rows; index += 1) {
    const row = index + 2;
    const [name, genus] = cellsOf(index);
    lines.push(`<row r="${row}">${inline(`A${row}`, name ?? '')}${inline(`B${row}`, genus ?? '')}</row>`);
  }
  lines.push('</sheetData></worksheet>');
  return lines.join('');
}

export interface HostileFile {
  name: string;
  /** Made when asked for: some take a second to build. */
  body: () => Uint8Array;
  type: string;
  /** What a client should get: the status, and words the message must hold. */
  status: number;
  message: RegExp;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The worst file of each kind the issue names, as small as they come. */
export function hostileFiles(): HostileFile[] {
  const overRows = MAX_IMPORT_ROWS + 1;
  return [
    {
      name: `a workbook of ${overRows.toLocaleString('en')} rows (as a legitimate large file would be)`,
      body: () => workbookOf(accessionSheet(overRows)),
      type: XLSX,
      status: 413,
      message: new RegExp(`more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows.*Split the rows into several files`),
    },
    {
      name: 'a few KB whose sheet repeats one row until it inflates to megabytes',
      body: () => workbookOf(accessionSheet(overRows, () => ['Same', 'Oryza'])),
      type: XLSX,
      status: 413,
      message: /more than 200,000 rows/,
    },
    {
      name: 'a workbook whose zip header claims its sheet unpacks to 3 GiB',
      body: () => workbookOf(accessionSheet(10), 3 * 1024 ** 3),
      type: XLSX,
      status: 413,
      message: /unpacks to more than 128 MB \(it says 3,072 MB\).*Split the rows/,
    },
    {
      name: 'a workbook whose zip header claims a small sheet that unpacks to far more',
      body: () => workbookOf(`${XML}<worksheet xmlns="${MAIN}"><sheetData>${' '.repeat(64 * 1024 * 1024)}</sheetData></worksheet>`, 1024 * 1024),
      type: XLSX,
      status: 400,
      message: /unpacks to more than the 1,048,576 bytes it declares.*save it again as \.xlsx or CSV/,
    },
    {
      name: 'a workbook whose header row reaches the last column Excel has',
      body: () => workbookOf(`${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${inline('A1', 'germplasmName')}${inline('XFD1', 'far')}</row></sheetData></worksheet>`),
      type: XLSX,
      status: 413,
      message: new RegExp(`reaches column 16,384; Seedbed reads at most ${MAX_IMPORT_COLUMNS.toLocaleString('en')} columns`),
    },
    {
      name: 'a workbook of elements nested 500,000 deep',
      body: () => workbookOf(`${XML}<worksheet xmlns="${MAIN}"><sheetData>${'<row><c><is>'.repeat(500_000)}</sheetData></worksheet>`),
      type: XLSX,
      status: 400,
      message: /cannot be read \(xl\/worksheets\/sheet1\.xml nests elements more than 100 deep/,
    },
    {
      name: 'a CSV of 30,000 rows repeating one name',
      body: () => new TextEncoder().encode(`germplasmName,genus\n${'Same,Oryza\n'.repeat(30_000)}`),
      type: 'text/csv',
      status: 400,
      message: /error\(s\); nothing was imported/,
    },
    {
      name: `a CSV of ${overRows.toLocaleString('en')} rows`,
      body: () => new TextEncoder().encode(`germplasmName,genus\n${Array.from({ length: overRows }, (_, index) => `Csv-${index},Oryza\n`).join('')}`),
      type: 'text/csv',
      status: 413,
      message: /more than 200,000 rows/,
    },
  ];
}
