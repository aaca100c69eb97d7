import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type FilePreview, type PreviewFormat, previewFormatOf, type previewQuerySchema } from '../../contract/previews';
import type { z } from 'zod';
import { DomainError } from '../domain-errors';
import type { DownloadLinks } from '../storage/download-links';
import type { FileStore } from '../storage/file-store';
import { chunksFrom, compressionOf, START, type StoredBytes } from './byte-source';
import { tablePage } from './table-preview';
import { jsonPage, textPage } from './text-preview';
import { vcfPage } from './vcf-preview';

/**
 * Previews of stored files: what a file is (its name, else its first bytes), then one page of it,
 * read from storage from the page's cursor. Images and HTML reports are not read here: the answer
 * is a signed link that serves them sandboxed (serveForDisplay).
 */

type PreviewQuery = z.output<typeof previewQuerySchema>;

const DELIMITERS: Record<string, string> = { csv: ',', tsv: '\t', tab: '\t' };

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' };

const extensionOf = (name: string) => /\.([a-z0-9]+)$/.exec(name.toLowerCase().replace(/\.(gz|bgz|bgzf)$/, ''))?.[1] ?? '';

/** A NUL byte in the first 8 KB: not text. */
async function looksBinary(bytes: StoredBytes): Promise<boolean> {
  for await (const chunk of chunksFrom(bytes, START)) return chunk.data.subarray(0, 8192).includes(0);
  return false;
}

async function open(files: FileStore, id: number) {
  const { file, storage, key } = await files.locate(id);
  const compression = await compressionOf(storage, key, file.sizeBytes);
  const bytes: StoredBytes = { storage, key, sizeBytes: file.sizeBytes, compression };
  return { file, bytes, facts: { fileId: file.id, name: file.name, sizeBytes: file.sizeBytes, compression } };
}

export async function previewFile(deps: { files: FileStore; downloadLinks: DownloadLinks }, id: number, query: PreviewQuery): Promise<FilePreview> {
  const { file, bytes, facts } = await open(deps.files, id);
  const named = previewFormatOf(file.name);
  const format: PreviewFormat | null = query.as ?? named ?? ((await looksBinary(bytes)) ? null : 'text');
  if (query.search && format !== 'text') throw new DomainError('invalid', 'Search reads text: ask for the file as text (as=text) to search it.', { search: 'Only with as=text or a text file' });
  switch (format) {
    case null:
      return {
        format: 'binary',
        ...facts,
        note: `Seedbed cannot show ${file.fileTypeName ? `a ${file.fileTypeName} file` : 'this file'} in the browser: it is not text. Download it to open it with its own tools.`,
      };
    case 'table':
      return { format, ...facts, ...(await tablePage(bytes, query, DELIMITERS[extensionOf(file.name)] ?? null)) };
    case 'vcf':
      return { format, ...facts, ...(await vcfPage(bytes, query)) };
    case 'json':
      return { format, ...facts, ...(await jsonPage(bytes)) };
    case 'text':
      return { format, ...facts, ...(await textPage(bytes, query)) };
    case 'image':
    case 'html': {
      if (format !== named)
        throw new DomainError(
          'invalid',
          `${file.name} is not named as ${format === 'image' ? 'an image (.png, .jpg, .gif, .webp, .svg)' : 'an HTML page (.html)'}, so it is not shown as one: preview it as text.`,
          { as: 'Only for files named so' },
        );
      const signed = await deps.downloadLinks.sign(file.id);
      return { format, ...facts, url: `files/${file.id}/view?expires=${signed.expires}&signature=${signed.signature}`, expiresAt: signed.expiresAt };
    }
  }
}

/**
 * What an HTML report or an image may do when shown: nothing in Seedbed's origin. `sandbox`
 * without allow-same-origin puts it in an opaque origin (no cookies, no storage, no token, and
 * Seedbed's API sees it as another site); its scripts run there (reports draw their charts with
 * them) but may reach nothing on the network, and only Seedbed's own pages may frame it.
 */
export const DISPLAY_POLICY = {
  html: "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'",
  image: "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
} as const;

/** An image or an HTML report's bytes with its content type and the sandboxing policy; compressed ones are decompressed on the way. */
export async function displayStream(files: FileStore, id: number): Promise<{ stream: Readable; contentType: string; policy: string; name: string }> {
  const { file, bytes } = await open(files, id);
  const format = previewFormatOf(file.name);
  if (format !== 'image' && format !== 'html') throw new DomainError('invalid', `${file.name} is not an image or an HTML page: open its preview instead.`);
  const raw = await bytes.storage.read(bytes.key);
  const stream = bytes.compression === 'none' ? raw : raw.pipe(zlib.createGunzip());
  const contentType = format === 'html' ? 'text/html; charset=utf-8' : (IMAGE_TYPES[extensionOf(file.name)] ?? 'application/octet-stream');
  return { stream, contentType, policy: DISPLAY_POLICY[format], name: path.basename(file.name) };
}
