import type { VcfPreview } from '../../contract/previews';
import { DomainError } from '../domain-errors';
import { formatCursor, parseCursor, START, type Position, type StoredBytes } from './byte-source';
import { linesFrom, MAX_ROW_BYTES } from './lines';

const KEPT_META_LINES = 1000;

/** The ## lines (the first thousand kept, all counted) and the #CHROM line, and where the records start. */
async function headerOf(bytes: StoredBytes) {
  const meta: string[] = [];
  let metaLineCount = 0;
  for await (const line of linesFrom(bytes, START, MAX_ROW_BYTES)) {
    if (line.text.startsWith('##')) {
      metaLineCount += 1;
      if (meta.length < KEPT_META_LINES) meta.push(line.text);
      continue;
    }
    if (line.text.startsWith('#CHROM')) return { meta, metaLineCount, columns: line.text.slice(1).split('\t'), recordsStart: line.next };
    break;
  }
  throw new DomainError('invalid', 'This VCF has no #CHROM header line after its ## lines, so its columns are unknown: fix the file, or preview it as text.', { as: 'Not a VCF' });
}

/** Records from the cursor, with the fixed columns and one window of the sample columns. */
export async function vcfPage(
  bytes: StoredBytes,
  query: { cursor?: string | undefined; limit: number; columnOffset: number; columnLimit: number },
): Promise<Omit<VcfPreview, 'format' | 'fileId' | 'name' | 'sizeBytes' | 'compression'>> {
  const header = await headerOf(bytes);
  const fixedCount = Math.min(header.columns.length, 9);
  const sampleNames = header.columns.slice(9);
  const from: { position: Position; before: number } = query.cursor ? parseCursor(query.cursor, bytes) : { position: header.recordsStart ?? START, before: 0 };
  const first = 9 + query.columnOffset;
  const rows: VcfPreview['rows'] = [];
  let nextCursor: string | null = null;
  if (header.recordsStart !== null) {
    for await (const line of linesFrom(bytes, from.position, MAX_ROW_BYTES)) {
      if (line.text === '') continue;
      if (rows.length === query.limit) {
        nextCursor = formatCursor(bytes.compression, line.start, from.before + rows.length);
        break;
      }
      const cells = line.text.split('\t');
      rows.push({ fixed: cells.slice(0, fixedCount), samples: cells.slice(first, first + query.columnLimit) });
    }
  }
  return {
    meta: header.meta,
    metaLineCount: header.metaLineCount,
    fixedColumns: header.columns.slice(0, fixedCount),
    samples: sampleNames.slice(query.columnOffset, query.columnOffset + query.columnLimit),
    sampleWindow: { offset: query.columnOffset, total: sampleNames.length },
    rows,
    firstRow: from.before + 1,
    nextCursor,
  };
}
