import { JSON_TREE_LIMIT_BYTES, type JsonPreview, SEARCH_WINDOW_BYTES, type TextPreview } from '../../contract/previews';
import { chunksFrom, formatCursor, parseCursor, START, type StoredBytes } from './byte-source';
import { linesFrom } from './lines';

type Page<T> = Omit<T, 'format' | 'fileId' | 'name' | 'sizeBytes' | 'compression'>;

/**
 * Lines from the cursor; with a search, only the lines holding the term (any case), read until the
 * page is full or SEARCH_WINDOW_BYTES have been read, so that one request stays bounded: the
 * cursor then searches on from where it stopped.
 */
export async function textPage(bytes: StoredBytes, query: { cursor?: string | undefined; limit: number; search?: string | undefined }): Promise<Page<TextPreview>> {
  const from = query.cursor ? parseCursor(query.cursor, bytes) : { position: START, before: 0 };
  const term = query.search ? query.search.toLowerCase() : null;
  const lines: TextPreview['lines'] = [];
  let number = from.before;
  let scannedBytes = 0;
  let nextCursor: string | null = null;
  for await (const line of linesFrom(bytes, from.position)) {
    if (lines.length === query.limit || (term !== null && scannedBytes >= SEARCH_WINDOW_BYTES)) {
      nextCursor = formatCursor(bytes.compression, line.start, number);
      break;
    }
    number += 1;
    scannedBytes += line.bytes;
    if (term === null || line.text.toLowerCase().includes(term)) lines.push({ number, text: line.text, truncated: line.truncated });
  }
  return { lines, nextCursor, search: term === null ? null : { term: query.search ?? '', scannedBytes, reachedEnd: nextCursor === null } };
}

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/** The whole document as a tree when it is at most JSON_TREE_LIMIT_BYTES uncompressed; otherwise a note that says to read it as text. */
export async function jsonPage(bytes: StoredBytes): Promise<Page<JsonPreview>> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunksFrom(bytes, START)) {
    length += chunk.data.length;
    if (length > JSON_TREE_LIMIT_BYTES) {
      return { tree: null, note: `This JSON is larger than ${megabytes(JSON_TREE_LIMIT_BYTES)}, the most a tree is made of: view it as text, or download it.` };
    }
    parts.push(Buffer.from(chunk.data));
  }
  try {
    return { tree: JSON.parse(Buffer.concat(parts).toString('utf8')), note: null };
  } catch (error) {
    return { tree: null, note: `This file is not valid JSON (${(error as Error).message}): view it as text to see where.` };
  }
}
