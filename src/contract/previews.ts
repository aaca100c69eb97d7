import { z } from 'zod';

/**
 * Previews of stored files (uploads and run outputs), read from storage a page at a time: a table
 * (CSV, TSV), a VCF, a JSON tree, text, or a link to show an image or an HTML report. A page
 * continues from an opaque cursor, the position of its first byte in the file, so page N of a
 * 1 GB file starts reading there instead of at the top.
 */

export const PREVIEW_FORMATS = ['table', 'vcf', 'json', 'text', 'image', 'html'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];

/** Rows (table, VCF) or lines (text) per page. */
export const PREVIEW_ROWS = 1000;
export const MAX_PREVIEW_ROWS = 5000;
/** Columns per page of a table, sample columns per page of a VCF. */
export const PREVIEW_COLUMNS = 100;
export const MAX_PREVIEW_COLUMNS = 1000;
/** A JSON file larger than this (uncompressed) is not made into a tree. */
export const JSON_TREE_LIMIT_BYTES = 8 * 1024 * 1024;
/** How much of the file one search request reads before it answers with where it stopped. */
export const SEARCH_WINDOW_BYTES = 64 * 1024 * 1024;

/** Plain and gzip files: p or g and a byte offset; bgzip: b, a BGZF block's offset and the offset in it; then the number of rows or lines before it. */
const CURSOR = /^(?:[pg]\d{1,15}|b\d{1,15}\.\d{1,5})-\d{1,15}$/;

const count = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int('A whole number')
    .min(0, 'At least 0')
    .max(max, `At most ${max.toLocaleString('en')}`)
    .default(fallback);

export const previewQuerySchema = z.object({
  as: z
    .enum(PREVIEW_FORMATS, { error: `One of ${PREVIEW_FORMATS.join(', ')}` })
    .optional()
    .describe('Show the file as this instead of what its name says (e.g. text for a CSV)'),
  cursor: z.string().regex(CURSOR, 'A cursor from a previous page’s nextCursor').optional().describe('Where the page starts: nextCursor of the page before; none for the first page'),
  limit: count(MAX_PREVIEW_ROWS, PREVIEW_ROWS).describe('Rows or lines in the page'),
  columnOffset: count(Number.MAX_SAFE_INTEGER, 0).describe('A table’s first column, or a VCF’s first sample column, in the page'),
  columnLimit: count(MAX_PREVIEW_COLUMNS, PREVIEW_COLUMNS).describe('A table’s columns, or a VCF’s sample columns, in the page'),
  search: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .describe(`Text only: the lines holding this (any case), from the cursor on; one request reads at most ${SEARCH_WINDOW_BYTES / 1024 ** 2} MB`),
});
export type PreviewQuery = z.input<typeof previewQuerySchema>;

const fileFacts = {
  fileId: z.number().int(),
  name: z.string(),
  sizeBytes: z.number(),
  compression: z.enum(['none', 'gzip', 'bgzip']).describe('How the stored bytes are compressed; previews are of the uncompressed content'),
};
const nextCursor = z.string().nullable().describe('Where the next page starts; null at the end of the file');
const firstNumber = z.number().int().describe('The number (from 1) of the page’s first row or line in the file');
const columnWindow = z.object({ offset: z.number().int(), total: z.number().int() });

export const tablePreviewSchema = z.object({
  format: z.literal('table'),
  ...fileFacts,
  delimiter: z.string(),
  columns: z.array(z.string()).describe('The header’s names of the columns in the page'),
  columnWindow: columnWindow.describe('Which of the header’s columns the page holds'),
  rows: z.array(z.array(z.string())),
  firstRow: firstNumber,
  nextCursor,
});

export const vcfPreviewSchema = z.object({
  format: z.literal('vcf'),
  ...fileFacts,
  meta: z.array(z.string()).describe('The ## header lines (the first 1,000)'),
  metaLineCount: z.number().int(),
  fixedColumns: z.array(z.string()).describe('CHROM to FORMAT'),
  samples: z.array(z.string()).describe('The sample columns in the page'),
  sampleWindow: columnWindow.describe('Which samples the page holds, of how many'),
  rows: z.array(z.object({ fixed: z.array(z.string()), samples: z.array(z.string()) })),
  firstRow: firstNumber,
  nextCursor,
});

export const jsonPreviewSchema = z.object({
  format: z.literal('json'),
  ...fileFacts,
  tree: z.unknown().describe('The parsed document; absent when the file is too large or not JSON (see note)'),
  note: z.string().nullable().describe('Why there is no tree, and what to do instead'),
});

export const textPreviewSchema = z.object({
  format: z.literal('text'),
  ...fileFacts,
  lines: z.array(z.object({ number: z.number().int(), text: z.string(), truncated: z.boolean().describe('The line was cut at 64 KB') })),
  nextCursor,
  search: z
    .object({ term: z.string(), scannedBytes: z.number(), reachedEnd: z.boolean() })
    .nullable()
    .describe('With search: how much was read; when not to the end, nextCursor searches on from where it stopped'),
});

export const linkedPreviewSchema = z.object({
  format: z.enum(['image', 'html']),
  ...fileFacts,
  url: z.string().describe('Shows the file without a token, relative to the API’s address: served sandboxed (Content-Security-Policy: sandbox), for an <img> or an <iframe sandbox>'),
  expiresAt: z.string(),
});

export const binaryPreviewSchema = z.object({
  format: z.literal('binary'),
  ...fileFacts,
  note: z.string().describe('Why it cannot be shown, and what to do instead'),
});

export const filePreviewSchema = z.discriminatedUnion('format', [tablePreviewSchema, vcfPreviewSchema, jsonPreviewSchema, textPreviewSchema, linkedPreviewSchema, binaryPreviewSchema]);
export type FilePreview = z.infer<typeof filePreviewSchema>;
export type TablePreview = z.infer<typeof tablePreviewSchema>;
export type VcfPreview = z.infer<typeof vcfPreviewSchema>;
export type JsonPreview = z.infer<typeof jsonPreviewSchema>;
export type TextPreview = z.infer<typeof textPreviewSchema>;
export type LinkedPreview = z.infer<typeof linkedPreviewSchema>;

/** What a name says a file is, before any byte is read: compression suffixes aside, by its extension. */
export function previewFormatOf(name: string): PreviewFormat | null {
  const bare = name.toLowerCase().replace(/\.(gz|bgz|bgzf)$/, '');
  const extension = /\.([a-z0-9]+)$/.exec(bare)?.[1] ?? '';
  if (['csv', 'tsv', 'tab'].includes(extension)) return 'table';
  if (extension === 'vcf') return 'vcf';
  if (extension === 'json') return 'json';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'].includes(extension)) return 'image';
  if (['html', 'htm'].includes(extension)) return 'html';
  if (
    [
      'txt',
      'log',
      'out',
      'err',
      'md',
      'nf',
      'config',
      'yml',
      'yaml',
      'fa',
      'fasta',
      'fna',
      'fastq',
      'fq',
      'gff',
      'gff3',
      'gtf',
      'bed',
      'sam',
      'ped',
      'map',
      'fam',
      'bim',
      'xml',
      'sh',
      'r',
      'py',
      'trace',
    ].includes(extension)
  )
    return 'text';
  return null;
}
