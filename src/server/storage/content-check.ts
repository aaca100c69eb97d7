import { headerCells } from '../../contract/file-detection';
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { withArticle } from '../../contract/wording';

/**
 * Whether a stored file's first bytes are what its type says: magic numbers for binary formats,
 * the header line for text formats, no NUL byte in text. An upload that is something else (a PNG,
 * an HTML page, a multipart body sent as the file) is refused before it is registered.
 */

const HEAD_BYTES = 64 * 1024;
const GZIP = [0x1f, 0x8b];

function readHead(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    fs.closeSync(fd);
  }
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
const isGzip = (head: Buffer) => startsWith(head, GZIP);
/** BGZF (BAM, tabix-indexed VCF): gzip with the FEXTRA flag and a 'BC' subfield. */
const isBgzf = (head: Buffer) => startsWith(head, [0x1f, 0x8b, 0x08, 0x04]) && head[12] === 0x42 && head[13] === 0x43;

/** The first decompressed bytes of a gzip (or BGZF) file; partial input is fine. */
function gunzipHead(head: Buffer): Buffer | null {
  try {
    return zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
}

const isText = (bytes: Buffer) => !bytes.includes(0);

type Check = (head: Buffer, name: string) => string | null;

/** The text inside: decompressed when the name ends in .gz or .bgz (bgzip's own extension). */
function textOf(head: Buffer, name: string, kind: string): { text?: string; problem?: string } {
  let bytes: Buffer = head;
  const extension = /\.(b?gz)$/i.exec(name)?.[1];
  if (extension) {
    if (!isGzip(head)) return { problem: `it ends in .${extension} but is not gzip-compressed (gzip and bgzip files start with the bytes 1f 8b)` };
    const inner = gunzipHead(head);
    if (!inner) return { problem: 'its gzip data cannot be read' };
    bytes = inner;
  }
  if (!isText(bytes)) return { problem: `it holds binary data, and ${withArticle(kind)} is text` };
  return { text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
}

const vcf: Check = (head, name) => {
  const { text, problem } = textOf(head, name, 'VCF');
  if (problem) return problem;
  return text!.startsWith('##fileformat=VCF') ? null : 'a VCF starts with the line ##fileformat=VCFv4.x';
};

const fastq: Check = (head, name) => {
  const { text, problem } = textOf(head, name, 'FASTQ file');
  if (problem) return problem;
  return text!.startsWith('@') ? null : 'a FASTQ record starts with a line beginning with @';
};

const fasta: Check = (head, name) => {
  const { text, problem } = textOf(head, name, 'FASTA file');
  if (problem) return problem;
  return text!.startsWith('>') ? null : 'a FASTA file starts with a header line beginning with >';
};

const tabular: Check = (head, name) => textOf(head, name, 'CSV or TSV file').problem ?? null;

const bam: Check = (head) => {
  if (!isBgzf(head)) return 'a BAM file is BGZF-compressed (it starts with the bytes 1f 8b 08 04 and a BC block)';
  const inner = gunzipHead(head);
  return inner && inner.subarray(0, 4).toString('latin1') === 'BAM\u0001' ? null : 'its first block does not start with BAM\\1';
};

const json: Check = (head) => {
  if (!isText(head)) return 'it holds binary data, and JSON is text';
  const first = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  return first === '{' || first === '[' ? null : 'JSON starts with { or [';
};

const model: Check = (head, name) => {
  if (/\.json$/i.test(name)) return json(head, name);
  if (/\.rds$/i.test(name)) {
    // saveRDS writes gzip by default; bzip2, xz or uncompressed (X/A/B format) on request.
    const plain = ['X\n', 'A\n', 'B\n'].includes(head.subarray(0, 2).toString('latin1'));
    return isGzip(head) || plain || head.subarray(0, 3).toString('latin1') === 'BZh' || startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a])
      ? null
      : 'an R .rds file is gzip, bzip2 or xz-compressed R serialization';
  }
  if (/\.pkl$/i.test(name)) return head[0] === 0x80 && head[1]! >= 2 && head[1]! <= 5 ? null : 'a Python pickle (protocol 2 to 5) starts with the byte 80';
  return null;
};

/** Checks by the seeded type names; a type an administrator added is not looked into. */
const CHECKS: Record<string, Check> = {
  VCF: vcf,
  GVCF: vcf,
  BAM: bam,
  FASTQ: fastq,
  model,
  'GDIP model': json,
  'Auto Train model': json,
  'spectra model': json,
  'params JSON': json,
  'phenotype CSV': tabular,
  'genotype matrix': tabular,
  'spectra CSV': tabular,
  'spectra QC CSV': tabular,
  'predictions CSV': tabular,
  'associations CSV': tabular,
  'known-QTL CSV': tabular,
  FASTA: fasta,
  'samplesheet CSV': tabular,
  'population map CSV': tabular,
  'population statistics TSV': tabular,
  'breeding simulation CSV': tabular,
  'field trial CSV': tabular,
  'CV folds CSV': tabular,
};

const VCF_FIXED_COLUMNS = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO'];

/**
 * A VCF's column header line, read as far into the file as it takes (reference panels carry
 * thousands of ##contig lines): present, with the eight fixed columns, and no empty sample name,
 * which bcftools refuses ("Empty sample name: trailing spaces/tabs in the header line?").
 */
async function vcfHeaderProblem(file: string, name: string): Promise<string | null> {
  const raw = fs.createReadStream(file);
  const input = /\.b?gz$/i.test(name) ? raw.pipe(zlib.createGunzip()) : raw;
  input.on('error', () => undefined);
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      if (line.startsWith('##')) continue;
      if (!line.startsWith('#CHROM')) return 'its first line after the ## meta-information is not the #CHROM column header line';
      const columns = line.split('\t');
      const fixed = columns.slice(0, 8);
      if (fixed.join('\t') !== VCF_FIXED_COLUMNS.join('\t')) return `its #CHROM line must start with the tab-separated columns ${VCF_FIXED_COLUMNS.join(' ')}`;
      if (columns.length > 8 && columns[8] !== 'FORMAT') return 'the ninth column of its #CHROM line must be FORMAT when samples follow';
      const empty = columns.slice(9).findIndex((sample) => sample.trim() === '');
      if (empty >= 0) {
        return `sample ${empty + 1} of its #CHROM line has an empty name (a trailing or doubled tab, which bcftools also refuses: "Empty sample name: trailing spaces/tabs in the header line?"); remove the extra tab`;
      }
      return null;
    }
    return 'it has no #CHROM column header line';
  } catch {
    return 'its compressed data is damaged';
  } finally {
    lines.close();
    raw.destroy();
  }
}

/** Why `file` is not a `typeName` file, in words for the person who uploaded it, or null. */
export async function contentProblem(file: string, name: string, typeName: string): Promise<string | null> {
  const check = CHECKS[typeName];
  if (!check) return null;
  const problem = check(readHead(file), name) ?? (typeName === 'VCF' || typeName === 'GVCF' ? await vcfHeaderProblem(file, name) : null);
  return problem && `${name} is not ${withArticle(`${typeName} file`)}: ${problem}. Check that you chose the right file.`;
}

/** The header row of a CSV or TSV file (gzip files are not looked into). */
export function headerOf(file: string): string[] | null {
  if (file.endsWith('.gz')) return null;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(64 * 1024);
    const bytesRead = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return headerCells(buffer.subarray(0, bytesRead).toString('utf8'));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
