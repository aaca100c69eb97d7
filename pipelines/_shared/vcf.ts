/**
 * The VCF reader and writer of the local implementations: VCF 4.x genotype calls (GT), plain,
 * gzip or bgzip (recognised by their bytes, not their name), any ploidy.
 *
 * Records are parsed from bytes as they stream in: the fixed columns become strings, the
 * genotypes go straight into typed arrays without a string per call. What bcftools refuses
 * (an empty or duplicated sample name, a row with too few sample columns, an allele index
 * beyond the ALT list) is refused here too, with the file, the line and the fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

export interface VcfHeader {
  file: string;
  /** `##` meta lines, in order. */
  meta: string[];
  samples: string[];
  /** Chromosome names in the order of the header's `##contig` lines. */
  contigs: string[];
}

export interface VcfSite {
  chrom: string;
  pos: number;
  /** The ID column, or `chrom:pos` when it is `.`. */
  id: string;
  ref: string;
  alt: string[];
  /** Line number in the file, for messages. */
  line: number;
  /** Per sample: the called alleles that are not REF (for a biallelic site, the ALT dosage). */
  dosage: Uint8Array;
  /** Per sample: how many alleles are called (a half call `./1` has 1 of 2). */
  called: Uint8Array;
  /**
   * Per sample: the ploidy written (alleles in the GT value). Read it, never write it: the sites
   * read on the usual path (every call `a/b`) share one array of 2s.
   */
  ploidy: Uint8Array;
  /** Every sample's GT has two alleles: a full call is then `called === 2`, and loops over genotypes need not read `ploidy`. */
  diploid: boolean;
  /** Allele counts over all samples, REF first (bcftools' AC with the REF count in front); AN is their sum. */
  alleleCounts: number[];
  /** Whether the record has a GT field at all. */
  hasGenotypes: boolean;
  /** Samples whose GT lacks any allele (bcftools' F_MISSING × samples). */
  missing: number;
  /** Per ALT allele, per sample: that allele's count; only for multi-allelic sites. */
  altDosages: Uint8Array[] | null;
  /** The record as written (no newline), for writing it back out. */
  record: Buffer;
}

export interface Vcf extends VcfHeader {
  sites: VcfSite[];
}

/** A VCF the reader cannot use; the message names the file, the place and the fix. */
export class VcfError extends Error {}

const TAB = 9;
const NEWLINE = 10;
const CR = 13;
const COLON = 58;
const SLASH = 47;
const PIPE = 124;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** The file's bytes, decompressed when it starts with gzip's magic (gzip and bgzip alike). */
export async function openDecompressed(file: string): Promise<Readable> {
  const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new VcfError(error.code === 'ENOENT' ? `The VCF ${file} does not exist.` : `The VCF ${file} cannot be read: ${error.message}.`);
  });
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return raw;
  // bgzip writes many gzip members one after another; Node's gunzip reads them all.
  const gunzip = zlib.createGunzip({ chunkSize: 1 << 20 });
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

function describeStreamError(file: string, error: unknown): Error {
  if (error instanceof VcfError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end of file/i.test(message))
    return new VcfError(`${file} is cut short: its compressed data ends in the middle (it was probably not copied or uploaded completely). Copy it again; \`bgzip -t\` checks a file.`);
  if ((error as { code?: string }).code?.startsWith('Z_')) return new VcfError(`${file} starts like a gzip file but its compressed data is damaged (${message}). Compress it again with bgzip.`);
  return new VcfError(`${file} cannot be read: ${message}.`);
}

/** A copy of `bytes` in memory of its own (never Node's shared pool), so nothing is ever written next to it. */
function ownCopy(parts: Buffer[]): Buffer {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const copy = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += part.copy(copy, at);
  return copy;
}

/**
 * Calls `onLine` with each line of a byte stream, without the newline (and without a CR before
 * it). A line inside one chunk is a view of the chunk, not a copy; only a line that spans chunks
 * is copied (into memory of its own: see writeVcf).
 */
async function forEachLine(stream: Readable, onLine: (line: Buffer) => void, onChunkEnd?: () => void): Promise<void> {
  let rest: Buffer[] = [];
  const take = (line: Buffer) => onLine(line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    if (rest.length > 0) {
      const end = chunk.indexOf(NEWLINE);
      if (end < 0) {
        rest.push(chunk);
        continue;
      }
      take(ownCopy([...rest, chunk.subarray(0, end)]));
      rest = [];
      start = end + 1;
    }
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      take(chunk.subarray(start, end));
      start = end + 1;
    }
    if (start < chunk.length) rest.push(chunk.subarray(start));
    onChunkEnd?.();
  }
  if (rest.length > 0) take(ownCopy(rest));
  onChunkEnd?.();
}

/** The bytes read at a time from a plain VCF (the buffer grows for a longer line). */
const CHUNK_BYTES = 1 << 20;

/**
 * Calls `onLine` with each line of a plain file, read synchronously into one buffer that is
 * used again for every read: a line is a view of it, valid until `onChunkEnd`, which is called
 * after each read's whole lines (the partial line at its end is moved to the buffer's start).
 * No chunk is kept, so a pass over a large file leaves no memory behind to collect.
 */
function forEachLineOfFile(fd: number, onLine: (line: Buffer) => void, onChunkEnd: () => void): void {
  let buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let filled = 0;
  for (;;) {
    const read = fs.readSync(fd, buffer, filled, buffer.length - filled, null);
    if (read === 0) break;
    const end = filled + read;
    const view = buffer.subarray(0, end);
    let start = 0;
    for (;;) {
      const newline = view.indexOf(NEWLINE, start);
      if (newline < 0) break;
      onLine(newline > start && view[newline - 1] === CR ? view.subarray(start, newline - 1) : view.subarray(start, newline));
      start = newline + 1;
    }
    onChunkEnd();
    filled = end - start;
    if (filled === buffer.length) {
      const larger = Buffer.allocUnsafeSlow(buffer.length * 2);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    } else if (filled > 0) buffer.copy(buffer, 0, start, end);
  }
  if (filled > 0) {
    onLine(buffer[filled - 1] === CR ? buffer.subarray(0, filled - 1) : buffer.subarray(0, filled));
    onChunkEnd();
  }
}

/**
 * Each line of a VCF, plain or gzip/bgzip (by its bytes). A plain file is read synchronously
 * into one reused buffer (forEachLineOfFile): a line's memory is valid until `onChunkEnd`.
 */
async function forEachLineOf(file: string, onLine: (line: Buffer) => void, onChunkEnd: () => void): Promise<void> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new VcfError(code === 'ENOENT' ? `The VCF ${file} does not exist.` : `The VCF ${file} cannot be read: ${message}.`);
  }
  try {
    const magic = Buffer.alloc(2);
    const got = fs.readSync(fd, magic, 0, 2, 0);
    if (got < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) {
      forEachLineOfFile(fd, onLine, onChunkEnd);
      return;
    }
  } finally {
    fs.closeSync(fd);
  }
  const stream = await openDecompressed(file);
  try {
    await forEachLine(stream, onLine, onChunkEnd);
  } finally {
    stream.destroy();
  }
}

function parseHeaderLine(file: string, text: string, lineNumber: number): string[] {
  const columns = text.split('\t');
  const fixed = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO'];
  if (fixed.some((name, index) => columns[index] !== name))
    throw new VcfError(`${file} line ${lineNumber}: the header line must start with ${fixed.join(' ')} separated by tabs; it reads "${text.slice(0, 80)}".`);
  const samples = columns.slice(9);
  const empty = samples.indexOf('');
  if (empty >= 0)
    throw new VcfError(
      `${file} line ${lineNumber}: sample ${empty + 1} of the #CHROM line has an empty name${empty === samples.length - 1 ? ' (a tab at the end of the line)' : ''}. Remove the extra tab; bcftools refuses this file too ("Empty sample name").`,
    );
  const seen = new Map<string, number>();
  for (const [index, name] of samples.entries()) {
    const earlier = seen.get(name);
    if (earlier !== undefined)
      throw new VcfError(`${file} line ${lineNumber}: sample "${name}" appears twice (columns ${10 + earlier} and ${10 + index}). Sample names must be unique; rename one (bcftools reheader -s).`);
    seen.set(name, index);
  }
  return samples;
}

/**
 * Positions of the first nine tabs (the fixed columns); fewer than 7 means not a record. A loop
 * over bytes: the fixed columns are short, and nine indexOf calls into C++ cost more than it.
 */
function fixedColumnEnds(record: Uint8Array): number[] {
  const ends: number[] = [];
  const length = record.length;
  for (let at = 0; at < length; at += 1) {
    if (record[at] !== TAB) continue;
    ends.push(at);
    if (ends.length === 9) break;
  }
  return ends;
}

/** One-character strings by byte, so a one-base REF or ALT is not decoded per record. */
const ONE_CHARACTER = Array.from({ length: 128 }, (_, byte) => String.fromCharCode(byte));

/** The text of `line` from `from` to `to`; a single ASCII byte comes from ONE_CHARACTER. */
function textOf(line: Buffer, from: number, to: number): string {
  if (to === from + 1 && line[from]! < 128) return ONE_CHARACTER[line[from]!]!;
  return line.toString('utf8', from, to);
}

/** POS as written: plain digits are read from the bytes; anything else goes through Number, as before. */
function positionOf(line: Buffer, from: number, to: number): number {
  if (to > from && to - from <= 15) {
    let value = 0;
    let at = from;
    for (; at < to; at += 1) {
      const byte = line[at]!;
      if (byte < ZERO || byte > NINE) break;
      value = value * 10 + (byte - ZERO);
    }
    if (at === to) return value;
  }
  return Number(line.toString('utf8', from, to));
}

/** Kinds of `problem` (plain numbers: the local runner strips types, so no enums). */
const GenotypeProblem = { CutShort: 1, NotGt: 2, AlleleBeyondAlt: 3 } as const;
type GenotypeProblemKind = (typeof GenotypeProblem)[keyof typeof GenotypeProblem];

/** What went wrong in `readGenotypes`, when it returns -1 (kept here so the hot loop allocates nothing). */
const problem = { kind: 0 as GenotypeProblemKind | 0, sample: 0, value: 0, at: 0 };
function fail(kind: GenotypeProblemKind, sample: number, value: number, at: number): number {
  problem.kind = kind;
  problem.sample = sample;
  problem.value = value;
  problem.at = at;
  return -1;
}

/** Counts one called allele of `sample` into the site's allele counts; returns 1 when it is not REF. */
function tally(alleleCounts: number[], altDosages: Uint8Array[] | null, sample: number, allele: number): number {
  alleleCounts[allele]! += 1;
  if (allele === 0) return 0;
  if (altDosages) altDosages[allele - 1]![sample]! += 1;
  return 1;
}

/**
 * Reads every sample's GT from `at` (the first sample column) into the site's arrays; GT is
 * the gtIndex-th ':'-separated part of each column. Returns where the columns end (one past the
 * last tab), or -1 with `problem` set.
 */
function readGenotypes(record: Uint8Array, start: number, gtIndex: number, altCount: number, site: VcfSite): number {
  const { dosage, called, ploidy, alleleCounts, altDosages } = site;
  const sampleCount = dosage.length;
  const length = record.length;
  let at = start;
  let missing = 0;
  let diploid = gtIndex >= 0;
  for (let sample = 0; sample < sampleCount; sample += 1) {
    if (at > length) return fail(GenotypeProblem.CutShort, sample, 0, at);
    let index = at;
    let byte = TAB;
    if (gtIndex < 0) {
      while (index < length && record[index] !== TAB) index += 1;
      // The slab's memory is not zeroed: a sample without GT is written as no call.
      dosage[sample] = 0;
      called[sample] = 0;
      ploidy[sample] = 0;
      missing += 1;
      at = index + 1;
      continue;
    }
    for (let skipped = 0; skipped < gtIndex && index < length; ) {
      byte = record[index]!;
      if (byte === TAB) break;
      index += 1;
      if (byte === COLON) skipped += 1;
    }
    // The usual diploid call, `a/b` or `a|b` with one-digit alleles, read without the loop below.
    if (index + 2 < length) {
      const first = record[index]!;
      const separator = record[index + 1]!;
      const second = record[index + 2]!;
      byte = index + 3 < length ? record[index + 3]! : TAB;
      const a = first === DOT ? -2 : first - ZERO;
      const b = second === DOT ? -2 : second - ZERO;
      if ((separator === SLASH || separator === PIPE) && (byte === TAB || byte === COLON) && a >= -2 && a !== -1 && a <= altCount && a <= 9 && b >= -2 && b !== -1 && b <= altCount && b <= 9) {
        let calls = 0;
        let nonRef = 0;
        if (a >= 0) {
          calls += 1;
          nonRef += tally(alleleCounts, altDosages, sample, a);
        }
        if (b >= 0) {
          calls += 1;
          nonRef += tally(alleleCounts, altDosages, sample, b);
        }
        index += 3;
        if (byte === COLON) while (index < length && record[index] !== TAB) index += 1;
        dosage[sample] = nonRef;
        called[sample] = calls;
        ploidy[sample] = 2;
        if (calls < 2) missing += 1;
        at = index + 1;
        continue;
      }
    }
    const gtStart = index;
    let alleles = 0;
    let calls = 0;
    let nonRef = 0;
    let value = -1;
    for (; ; index += 1) {
      byte = index < length ? record[index]! : TAB;
      if (byte >= ZERO && byte <= NINE) {
        value = (value < 0 ? 0 : value * 10) + (byte - ZERO);
        continue;
      }
      if (byte === DOT) {
        value = -2;
        continue;
      }
      const end = byte === TAB || byte === COLON;
      if (!end && byte !== SLASH && byte !== PIPE) return fail(GenotypeProblem.NotGt, sample, 0, gtStart);
      if (value === -1) {
        if (end && alleles === 0) break; // an empty GT: missing
        return fail(GenotypeProblem.NotGt, sample, 0, gtStart);
      }
      alleles += 1;
      if (value >= 0) {
        if (value > altCount) return fail(GenotypeProblem.AlleleBeyondAlt, sample, value, gtStart);
        calls += 1;
        nonRef += tally(alleleCounts, altDosages, sample, value);
      }
      value = -1;
      if (end) break;
    }
    if (byte === COLON) while (index < length && record[index] !== TAB) index += 1;
    dosage[sample] = Math.min(nonRef, 255);
    called[sample] = Math.min(calls, 255);
    ploidy[sample] = Math.min(alleles, 255);
    if (alleles !== 2) diploid = false;
    if (alleles === 0 || calls < alleles) missing += 1;
    at = index + 1;
  }
  site.missing = missing;
  site.diploid = diploid;
  return at;
}

/**
 * The usual record, read on a path of its own: FORMAT is just GT, one ALT, and every call is
 * diploid `a/b` or `a|b` with each allele 0, 1 or `.`. PAIR_CODES maps the two allele bytes
 * (first | second << 8, as a little-endian word holds them) to 0x80 | calls << 2 | ALT count (0
 * when either is anything else); PAIR_TALLIES to the same call's ALT alleles (bits 0–9), REF
 * alleles (10–19) and whether it is missing (20–29), so one add per sample counts all three.
 * Returns where the columns end, or -1 at the first call of any other shape: readGenotypes then
 * reads the whole record again.
 */
const PAIR_CODES = new Uint8Array(1 << 16);
const PAIR_TALLIES = new Int32Array(1 << 16);
const ALLELE_BYTES = [
  [ZERO, 0],
  [ZERO + 1, 1],
  [DOT, -1],
] as const;
for (const [first, a] of ALLELE_BYTES) {
  for (const [second, b] of ALLELE_BYTES) {
    const calls = (a >= 0 ? 1 : 0) + (b >= 0 ? 1 : 0);
    const alt = (a === 1 ? 1 : 0) + (b === 1 ? 1 : 0);
    PAIR_CODES[first | (second << 8)] = 0x80 | (calls << 2) | alt;
    PAIR_TALLIES[first | (second << 8)] = alt | ((calls - alt) << 10) | ((calls < 2 ? 1 : 0) << 20);
  }
}
/** Samples tallied in one Int32 before its fields are added up: 2 × 256 alleles fit in 10 bits. */
const TALLY_BLOCK = 256;
/** Bytes 1 and 3 of a call's word (separator, then the tab before the next column). */
const SLASH_TAB = (SLASH << 8) | (TAB << 24);
const PIPE_TAB = (PIPE << 8) | (TAB << 24);

/** Whether a Uint32Array stores a word's low byte first (then byte k of a word is element 4w + k of a Uint8Array over the same memory). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/** A Uint32Array over the slab block the last site's arrays were carved from. */
let slabWordsMemory: ArrayBufferLike | null = null;
let slabWords: Uint32Array<ArrayBufferLike> = new Uint32Array(0);

/** A mask per byte: all ones for the bytes that separate a call's alleles (`/`, `|`), so a PAIR_CODES entry survives it; 0 for any other. */
const SEPARATOR = new Uint8Array(256);
SEPARATOR[SLASH] = 0xff;
SEPARATOR[PIPE] = 0xff;

/** A DataView of the memory records are read from; most records share a chunk, so it is made once per chunk. */
let wordsMemory: ArrayBufferLike | null = null;
let wordsView: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));

function readBiallelicDiploid(record: Uint8Array, start: number, site: VcfSite): number {
  const { dosage, called } = site;
  const sampleCount = dosage.length;
  // Every column is three bytes and a tab; after the last, a tab (too many columns: the caller refuses it) or the record's end.
  const length = record.length;
  if (sampleCount === 0 || start + sampleCount * 4 - 1 > length) return -1;
  // Each call but the last is read as one 32-bit word: its two alleles, the separator and the tab.
  if (record.buffer !== wordsMemory) {
    wordsMemory = record.buffer;
    wordsView = new DataView(record.buffer);
  }
  const words = wordsView;
  const last = sampleCount - 1;
  let at = start + record.byteOffset;
  let refCount = 0;
  let altCount = 0;
  let missing = 0;
  // Four calls at a time where the arrays can take a word: their codes side by side in one
  // word give four samples' dosages (bits 0–1 of each byte) and calls (bits 2–3) in two stores.
  // The word views are of the slab's whole block (made once per block), indexed from each array's start.
  const packed = LITTLE_ENDIAN && dosage.byteOffset % 4 === 0 && called.byteOffset % 4 === 0;
  if (packed && dosage.buffer !== slabWordsMemory) {
    slabWordsMemory = dosage.buffer;
    slabWords = new Uint32Array(dosage.buffer, 0, dosage.buffer.byteLength >> 2);
  }
  const dosageWords = slabWords;
  const dosageBase = dosage.byteOffset >> 2;
  // called comes from the same block unless the block filled up between the two.
  const calledWords = packed && called.buffer !== dosage.buffer ? new Uint32Array(called.buffer, 0, called.buffer.byteLength >> 2) : slabWords;
  const calledBase = called.byteOffset >> 2;
  for (let first = 0; first < last; first += TALLY_BLOCK) {
    const end = Math.min(first + TALLY_BLOCK, last);
    let tallies = 0;
    let sample = first;
    if (packed) {
      for (; sample + 4 <= end; sample += 4) {
        const w0 = words.getUint32(at, true);
        const w1 = words.getUint32(at + 4, true);
        const w2 = words.getUint32(at + 8, true);
        const w3 = words.getUint32(at + 12, true);
        const s0 = w0 & 0xff00ff00;
        const s1 = w1 & 0xff00ff00;
        const s2 = w2 & 0xff00ff00;
        const s3 = w3 & 0xff00ff00;
        if ((s0 !== SLASH_TAB && s0 !== PIPE_TAB) || (s1 !== SLASH_TAB && s1 !== PIPE_TAB) || (s2 !== SLASH_TAB && s2 !== PIPE_TAB) || (s3 !== SLASH_TAB && s3 !== PIPE_TAB)) return -1;
        const p0 = (w0 & 0xff) | ((w0 >>> 8) & 0xff00);
        const p1 = (w1 & 0xff) | ((w1 >>> 8) & 0xff00);
        const p2 = (w2 & 0xff) | ((w2 >>> 8) & 0xff00);
        const p3 = (w3 & 0xff) | ((w3 >>> 8) & 0xff00);
        const c0 = PAIR_CODES[p0]!;
        const c1 = PAIR_CODES[p1]!;
        const c2 = PAIR_CODES[p2]!;
        const c3 = PAIR_CODES[p3]!;
        // Every usable code has its top bit set.
        if ((c0 & c1 & c2 & c3 & 0x80) === 0) return -1;
        const codes = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
        dosageWords[dosageBase + (sample >> 2)] = codes & 0x03030303;
        calledWords[calledBase + (sample >> 2)] = (codes >>> 2) & 0x03030303;
        tallies += PAIR_TALLIES[p0]! + PAIR_TALLIES[p1]! + PAIR_TALLIES[p2]! + PAIR_TALLIES[p3]!;
        at += 16;
      }
    }
    for (; sample < end; sample += 1) {
      const word = words.getUint32(at, true);
      const shape = word & 0xff00ff00;
      if (shape !== SLASH_TAB && shape !== PIPE_TAB) return -1;
      const pair = (word & 0xff) | ((word >>> 8) & 0xff00);
      const code = PAIR_CODES[pair]!;
      if (code === 0) return -1;
      dosage[sample] = code & 3;
      called[sample] = (code >> 2) & 3;
      tallies += PAIR_TALLIES[pair]!;
      at += 4;
    }
    altCount += tallies & 1023;
    refCount += (tallies >> 10) & 1023;
    missing += tallies >> 20;
  }
  at -= record.byteOffset;
  const pair = record[at]! | (record[at + 2]! << 8);
  const code = PAIR_CODES[pair]! & SEPARATOR[record[at + 1]!]!;
  if (code === 0 || (at + 3 < length && record[at + 3] !== TAB)) return -1;
  dosage[last] = code & 3;
  called[last] = (code >> 2) & 3;
  const tally = PAIR_TALLIES[pair]!;
  altCount += tally & 1023;
  refCount += (tally >> 10) & 1023;
  missing += tally >> 20;
  at += 4;
  site.diploid = true;
  site.alleleCounts[0] = refCount;
  site.alleleCounts[1] = altCount;
  site.missing = missing;
  return at;
}

/** The error for a sample column whose GT is not one, quoting what it holds. */
function notGt(line: Buffer, from: number, who: string): VcfError {
  let to = from;
  while (to < line.length && line[to] !== TAB && line[to] !== COLON) to += 1;
  return new VcfError(`${who}'s genotype "${line.toString('utf8', from, Math.min(to, from + 20))}" is not a GT value such as 0/1, 1|0 or ./.`);
}

interface RecordContext {
  file: string;
  samples: string[];
  lineNumber: number;
  slab: Slab;
  /** The ploidy of a site whose calls are all `a/b`: one array of 2s shared by every such site. */
  diploidPloidy: Uint8Array;
  /** The last CHROM read, as bytes and as text: consecutive records share it, so it is decoded once per run of them. */
  chromBytes: Buffer;
  chrom: string;
}

/**
 * Per-site arrays carved from large blocks: one allocation per few hundred sites instead of three
 * per site. The blocks are not zeroed (the readers write every sample's entry), and each array
 * starts on a multiple of 4 bytes, so calledSites can read four samples as one word.
 */
class Slab {
  private block = new Uint8Array(0);
  private used = 0;
  take(length: number): Uint8Array {
    if (this.used + length > this.block.length) {
      this.block = new Uint8Array(Buffer.allocUnsafeSlow(Math.max(length, 1 << 20)).buffer);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + length);
    this.used += (length + 3) & ~3;
    return view;
  }
  /** Where the next array would start: rewind(mark()) takes back every array carved since. */
  mark(): number {
    return this.used;
  }
  /** Hands back the arrays carved since `mark` (all of the block's, when a new block was started since). */
  rewind(mark: number, block: Uint8Array): void {
    this.used = block === this.block ? mark : 0;
  }
  get current(): Uint8Array {
    return this.block;
  }
}

/** Where a record is, for messages (built only when one is thrown): the file, the line and CHROM:POS as written. */
function placeOf(context: RecordContext, line: Buffer, ends: number[]): string {
  return `${context.file} line ${context.lineNumber} (${context.chrom}:${line.toString('utf8', ends[0]! + 1, ends[1]!)})`;
}

function parseRecord(line: Buffer, context: RecordContext): VcfSite {
  const { file, samples, lineNumber } = context;
  const ends = fixedColumnEnds(line);
  if (ends.length < 7) throw new VcfError(`${file} line ${lineNumber}: ${ends.length + 1} columns; a VCF record has at least 8, separated by tabs.`);
  const chromBytes = line.subarray(0, ends[0]!);
  if (!chromBytes.equals(context.chromBytes)) {
    context.chrom = chromBytes.toString('utf8');
    context.chromBytes = Buffer.from(chromBytes);
  }
  const chrom = context.chrom;
  const pos = positionOf(line, ends[0]! + 1, ends[1]!);
  if (!Number.isSafeInteger(pos) || pos < 0) throw new VcfError(`${placeOf(context, line, ends)}: POS "${line.toString('utf8', ends[0]! + 1, ends[1]!)}" is not a position.`);
  const idText = textOf(line, ends[1]! + 1, ends[2]!);
  const ref = textOf(line, ends[2]! + 1, ends[3]!);
  const altText = textOf(line, ends[3]! + 1, ends[4]!);
  const alt = altText === '.' ? [] : altText.length === 1 ? [altText] : altText.split(',');
  const sampleCount = samples.length;
  const dosage = context.slab.take(sampleCount);
  const called = context.slab.take(sampleCount);
  const alleleCounts = new Array<number>(alt.length + 1).fill(0);
  const altDosages = alt.length > 1 ? alt.map(() => new Uint8Array(sampleCount)) : null;
  const site: VcfSite = {
    chrom,
    pos,
    id: idText && idText !== '.' ? idText : `${chrom}:${pos}`,
    ref,
    alt,
    line: lineNumber,
    dosage,
    called,
    ploidy: context.diploidPloidy,
    diploid: false,
    alleleCounts,
    hasGenotypes: false,
    missing: sampleCount,
    altDosages,
    record: line,
  };
  if (sampleCount === 0) return site;

  const formatEnd = ends[8] ?? -1;
  if (formatEnd < 0)
    throw new VcfError(`${placeOf(context, line, ends)}: the header names ${sampleCount} samples but this record has no sample columns. The row is cut short; bcftools stops here too.`);
  const formatStart = ends[7]! + 1;
  const gtOnly = formatEnd - formatStart === 2 && line[formatStart] === 0x47 /* G */ && line[formatStart + 1] === 0x54; /* T */
  const gtIndex = gtOnly ? 0 : line.toString('utf8', formatStart, formatEnd).split(':').indexOf('GT');
  let at = gtOnly && alt.length === 1 ? readBiallelicDiploid(line, formatEnd + 1, site) : -1;
  if (at < 0) {
    site.ploidy = context.slab.take(sampleCount);
    at = readGenotypes(line, formatEnd + 1, gtIndex, alt.length, site);
  }
  if (at < 0) {
    const where = placeOf(context, line, ends);
    const who = `${where}: sample ${samples[problem.sample]}`;
    if (problem.kind === GenotypeProblem.CutShort)
      throw new VcfError(`${where}: ${problem.sample} of ${sampleCount} sample columns; the row is cut short (the file may have been truncated). bcftools stops with a parse error here too.`);
    if (problem.kind === GenotypeProblem.AlleleBeyondAlt)
      throw new VcfError(
        `${who}'s genotype refers to allele ${problem.value}, but ALT lists ${alt.length} allele${alt.length === 1 ? '' : 's'}. Fix the record or drop it; bcftools rejects it too ("Incorrect allele").`,
      );
    throw notGt(line, problem.at, who);
  }
  if (at <= line.length) {
    const extra = line.subarray(at).toString('utf8').split('\t').length;
    throw new VcfError(`${placeOf(context, line, ends)}: ${sampleCount + extra} sample columns, but the header names ${sampleCount}. Each record needs exactly one column per sample.`);
  }
  site.hasGenotypes = gtIndex >= 0;
  return site;
}

/** The header lines of a VCF as they are read, and which lines are records. */
class HeaderReader {
  readonly meta: string[] = [];
  readonly contigs: string[] = [];
  samples: string[] | null = null;
  lineNumber = 0;
  readonly context: RecordContext;
  private readonly file: string;
  private readonly onHeader: ((header: VcfHeader) => void) | undefined;

  constructor(file: string, onHeader?: (header: VcfHeader) => void) {
    this.file = file;
    this.onHeader = onHeader;
    this.context = { file, samples: [], lineNumber: 0, slab: new Slab(), diploidPloidy: new Uint8Array(0), chromBytes: Buffer.alloc(0), chrom: '' };
  }

  /** Takes the next line: true when it is a record (then context.lineNumber is its line), false for a header or empty line. */
  isRecord(line: Buffer): boolean {
    const { file, meta } = this;
    this.lineNumber += 1;
    const lineNumber = this.lineNumber;
    if (line.length === 0) return false;
    if (line[0] === 0x23 /* # */) {
      const text = line.toString('utf8');
      if (text.startsWith('##')) {
        meta.push(text);
        const contig = /^##contig=<.*?\bID=([^,>]+)/.exec(text);
        if (contig) this.contigs.push(contig[1]!);
      } else if (text.startsWith('#CHROM')) {
        const samples = parseHeaderLine(file, text, lineNumber);
        this.samples = samples;
        this.context.samples = samples;
        this.context.diploidPloidy = new Uint8Array(samples.length).fill(2);
        this.onHeader?.(this.header());
      }
      return false;
    }
    if (!this.samples) {
      throw new VcfError(
        lineNumber === 1 && meta.length === 0
          ? `${file} does not start like a VCF (no ##fileformat or #CHROM line). Choose a VCF file, plain or bgzipped.`
          : `${file} line ${lineNumber}: a record before the #CHROM header line. Is this a VCF?`,
      );
    }
    this.context.lineNumber = lineNumber;
    return true;
  }

  header(): VcfHeader {
    if (!this.samples) throw new VcfError(`${this.file} has no #CHROM header line. Is it a VCF?`);
    return { file: this.file, meta: this.meta, samples: this.samples, contigs: this.contigs };
  }
}

/** Forgets the memory the last records were read from (it belongs to the sites read, or is reused, not the reader's). */
function forgetReadMemory(): void {
  wordsMemory = null;
  wordsView = new DataView(new ArrayBuffer(0));
  slabWordsMemory = null;
  slabWords = new Uint32Array(0);
}

/** Reads a whole VCF: header and every record. */
export async function readVcf(file: string): Promise<Vcf> {
  const sites: VcfSite[] = [];
  const stream = await openDecompressed(file);
  const lines = new HeaderReader(file);
  try {
    await forEachLine(stream, (line) => {
      if (lines.isRecord(line)) sites.push(parseRecord(line, lines.context));
    });
  } catch (error) {
    stream.destroy();
    throw describeStreamError(file, error);
  } finally {
    forgetReadMemory();
  }
  return { ...lines.header(), sites };
}

/** What scanVcf calls as it reads. */
export interface VcfScanHandlers {
  /** The header, once its #CHROM line is read (before any record). */
  header?(header: VcfHeader): void;
  /**
   * Each record, in file order (`index` counts records from 0). Its `record` bytes are memory the
   * reader fills again after the next `chunkEnd`; its genotype arrays (dosage, called, ploidy) are
   * reused for the next record unless this returns true.
   */
  record(site: VcfSite, index: number): boolean;
  /** After each chunk's records, before its memory is read into again: write out what refers to it. */
  chunkEnd?(): void;
}

/** An error thrown by a scanVcf handler, passed on as it is (not described as the file's). */
class HandlerFailure {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

/**
 * Reads a VCF once, record by record, keeping nothing: the pass of a filter that needs each
 * record only while it reads it. A plain file is read into one reused buffer and each record's
 * arrays are carved from the same slab memory again, so memory stays flat however long the file
 * is. The same records, checks and messages as readVcf.
 */
export async function scanVcf(file: string, handlers: VcfScanHandlers): Promise<VcfHeader> {
  const onHeader = handlers.header;
  const lines = new HeaderReader(
    file,
    onHeader &&
      ((header) => {
        try {
          onHeader(header);
        } catch (error) {
          throw new HandlerFailure(error);
        }
      }),
  );
  const { context } = lines;
  const { slab } = context;
  let index = 0;
  try {
    await forEachLineOf(
      file,
      (line) => {
        if (!lines.isRecord(line)) return;
        const block = slab.current;
        const mark = slab.mark();
        const site = parseRecord(line, context);
        let keep: boolean;
        try {
          keep = handlers.record(site, index);
        } catch (error) {
          throw new HandlerFailure(error);
        }
        index += 1;
        if (!keep) slab.rewind(mark, block);
      },
      () => {
        try {
          handlers.chunkEnd?.();
        } catch (error) {
          throw new HandlerFailure(error);
        }
      },
    );
  } catch (error) {
    if (error instanceof HandlerFailure) throw error.error;
    throw describeStreamError(file, error);
  } finally {
    forgetReadMemory();
  }
  return lines.header();
}

// ---------------------------------------------------------------------------------------------
// Per-site figures, as bcftools computes them

/** AN: the alleles called at the site. */
export function alleleNumber(site: VcfSite): number {
  let sum = 0;
  for (const count of site.alleleCounts) sum += count;
  return sum;
}

/** Whether sample `index` has a full call: every allele of its GT called (bcftools' F_MISSING counts the others). */
export const hasFullCall = (site: VcfSite, index: number) => site.hasGenotypes && site.ploidy[index] !== 0 && site.called[index]! >= site.ploidy[index]!;

export const missingCount = (site: VcfSite) => site.missing;

/**
 * Per sample: at how many of the sites added it has a full call (hasFullCall), site by site, so a
 * filter can count the sites it keeps as it reads them.
 *
 * Diploid sites are counted four samples per 32-bit word: `called` is 0, 1 or 2 in each byte,
 * so (word >>> 1) & 0x01010101 holds each sample's full call in its own byte, and a word of
 * lanes adds four counters at once. A lane holds 255, so the lanes are added into the counts
 * every 255 sites. Bytes stay in memory order whatever the machine's endianness.
 */
export class CallCounter {
  private readonly counts: Int32Array;
  private readonly sampleCount: number;
  private readonly wordCount: number;
  private readonly lanes: Uint32Array;
  private readonly laneBytes: Uint8Array;
  private pending = 0;
  private blockMemory: ArrayBufferLike | null = null;
  private blockWords: Uint32Array<ArrayBufferLike> = new Uint32Array(0);

  constructor(sampleCount: number) {
    this.sampleCount = sampleCount;
    this.counts = new Int32Array(sampleCount);
    this.wordCount = sampleCount >> 2;
    this.lanes = new Uint32Array(this.wordCount);
    this.laneBytes = new Uint8Array(this.lanes.buffer);
  }

  private addLanes(): void {
    const { counts, laneBytes } = this;
    for (let index = 0; index < this.wordCount * 4; index += 1) counts[index]! += laneBytes[index]!;
    this.lanes.fill(0);
    this.pending = 0;
  }

  add(site: VcfSite): void {
    if (!site.hasGenotypes) return;
    const { counts, sampleCount, wordCount, lanes } = this;
    // hasFullCall, inlined: this loop runs once per genotype.
    const { called, ploidy } = site;
    if (site.diploid) {
      let first = 0;
      if (called.byteOffset % 4 === 0) {
        // One view of each slab block the arrays were carved from, not one per site.
        if (called.buffer !== this.blockMemory) {
          this.blockMemory = called.buffer;
          this.blockWords = new Uint32Array(called.buffer, 0, called.buffer.byteLength >> 2);
        }
        const words = this.blockWords;
        const base = called.byteOffset >> 2;
        for (let word = 0; word < wordCount; word += 1) lanes[word]! += (words[base + word]! >>> 1) & 0x01010101;
        first = wordCount * 4;
        this.pending += 1;
        if (this.pending === 255) this.addLanes();
      }
      // called is 0, 1 or 2: its high bit is the full call.
      for (let index = first; index < sampleCount; index += 1) counts[index]! += called[index]! >> 1;
      return;
    }
    for (let index = 0; index < sampleCount; index += 1) {
      const alleles = ploidy[index]!;
      if (alleles !== 0 && called[index]! >= alleles) counts[index]! += 1;
    }
  }

  /** Each sample's count of full calls over the sites added. */
  total(): Int32Array {
    this.addLanes();
    return this.counts;
  }
}

/** Per sample: at how many of `sites` it has a full call. */
export function calledSites(sites: VcfSite[], sampleCount: number): Int32Array {
  const counter = new CallCounter(sampleCount);
  for (const site of sites) counter.add(site);
  return counter.total();
}

/**
 * The minor allele's count: that of the second most common allele (bcftools +fill-tags' MAF ×
 * AN); for a biallelic site, the rarer of REF and ALT.
 */
export function minorAlleleCount(site: VcfSite): number {
  let first = 0;
  let second = 0;
  for (const count of site.alleleCounts) {
    if (count > first) {
      second = first;
      first = count;
    } else if (count > second) {
      second = count;
    }
  }
  return second;
}

const SNP_REF = new Set(['A', 'C', 'G', 'T', 'N', 'a', 'c', 'g', 't', 'n']);
const SNP_ALT = new Set(['A', 'C', 'G', 'T', 'a', 'c', 'g', 't']);

/** A biallelic SNP: one REF base, one ALT base. */
export const isBiallelicSnp = (site: VcfSite) => site.alt.length === 1 && SNP_REF.has(site.ref) && SNP_ALT.has(site.alt[0]!);

/** A gVCF reference block or a site whose only ALT is symbolic (`<NON_REF>`, `<*>`). */
export const isReferenceBlock = (site: VcfSite) => site.alt.length > 0 && site.alt.every((allele) => allele === '<NON_REF>' || allele === '<*>');

/** The VCF's file name without its VCF extension (`cohort.vcf.bgz` → `cohort`). */
export const vcfBaseName = (file: string) => path.basename(file).replace(/\.vcf(\.gz|\.bgz)?$/i, '');

// ---------------------------------------------------------------------------------------------
// Writing

/** The runs of consecutive indices in `keep` (ascending), as [first, last] pairs. */
function runsOf(keep: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const index of keep) {
    const last = runs[runs.length - 1];
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return runs;
}

/** Writes all of `parts` at the file's position (writev may write less than asked; the rest follows). */
function writeAll(fd: number, parts: Uint8Array[]): void {
  // writev takes at most IOV_MAX (1,024) buffers at a time.
  for (let at = 0; at < parts.length; at += 1024) {
    const batch = parts.slice(at, at + 1024);
    const total = batch.reduce((sum, part) => sum + part.length, 0);
    let written = fs.writevSync(fd, batch);
    if (written === total) continue;
    const rest = Buffer.concat(batch);
    while (written < total) written += fs.writeSync(fd, rest, written, total - written);
  }
}

/**
 * Output in blocks of a few megabytes, written synchronously with one writev per block. A record
 * still in the memory it was read from, directly after the previous one written, extends that
 * one's span: a run of kept records goes out as one view of the input, never copied.
 */
class BlockWriter {
  private parts: Uint8Array[] = [];
  private bytes = 0;
  /** The span being extended: its memory, start, and end (one past the newline). */
  private spanMemory: ArrayBufferLike | null = null;
  private spanView: Uint8Array | null = null;
  private spanStart = 0;
  private spanEnd = 0;
  private scratch = Buffer.allocUnsafeSlow(1 << 22);
  private scratchUsed = 0;

  private readonly fd: number;

  constructor(fd: number) {
    this.fd = fd;
  }

  /**
   * Extends the span with `record` and its newline when it directly follows the span in the same
   * memory; false when it does not (then `record` takes it).
   */
  extend(record: Buffer): boolean {
    if (record.buffer !== this.spanMemory || record.byteOffset !== this.spanEnd) return false;
    const end = record.byteOffset + record.length;
    if (end >= this.spanView!.length || this.spanView![end] !== NEWLINE) return false;
    this.spanEnd = end + 1;
    return true;
  }

  /** A record and its newline. */
  record(record: Buffer): void {
    const end = record.byteOffset + record.length;
    if (record.buffer !== this.spanMemory || record.byteOffset !== this.spanEnd) {
      this.closeSpan();
      this.spanMemory = record.buffer;
      this.spanView = new Uint8Array(record.buffer);
      this.spanStart = record.byteOffset;
    }
    // A line read across chunks lives alone in its own memory, so the byte after it is never a newline of someone else's.
    if (end < this.spanView!.length && this.spanView![end] === NEWLINE) {
      this.spanEnd = end + 1;
    } else {
      this.spanEnd = end;
      this.closeSpan();
      this.copy(NEWLINE_BYTES);
    }
    if (this.bytes >= 1 << 23) this.flush();
  }

  /** Bytes copied into the output (for pieces that are not whole records). */
  copy(bytes: Uint8Array): void {
    this.closeSpan();
    if (this.scratchUsed + bytes.length > this.scratch.length) {
      this.flush();
      if (bytes.length > this.scratch.length) this.scratch = Buffer.allocUnsafeSlow(bytes.length);
    }
    this.scratch.set(bytes, this.scratchUsed);
    const last = this.parts[this.parts.length - 1];
    // Extend the last scratch part rather than adding a part per piece.
    if (last && last.buffer === this.scratch.buffer && last.byteOffset + last.length === this.scratch.byteOffset + this.scratchUsed)
      this.parts[this.parts.length - 1] = this.scratch.subarray(last.byteOffset - this.scratch.byteOffset, this.scratchUsed + bytes.length);
    else this.parts.push(this.scratch.subarray(this.scratchUsed, this.scratchUsed + bytes.length));
    this.scratchUsed += bytes.length;
    this.bytes += bytes.length;
    if (this.bytes >= 1 << 23) this.flush();
  }

  private closeSpan(): void {
    if (this.spanMemory && this.spanEnd > this.spanStart) {
      this.parts.push(new Uint8Array(this.spanMemory, this.spanStart, this.spanEnd - this.spanStart));
      this.bytes += this.spanEnd - this.spanStart;
    }
    this.spanMemory = null;
    this.spanView = null;
    this.spanStart = this.spanEnd = 0;
  }

  /** Bytes written so far, and the milliseconds spent in the writes (kernel time, mostly). */
  written = 0;
  writeMs = 0;

  /** Writes out everything given so far: after it, the memory records were given in may be reused. */
  flush(): void {
    this.closeSpan();
    const started = performance.now();
    writeAll(this.fd, this.parts);
    this.writeMs += performance.now() - started;
    this.written += this.bytes;
    this.parts = [];
    this.bytes = 0;
    // The scratch memory was written out; it may be filled again.
    this.scratchUsed = 0;
  }
}

const NEWLINE_BYTES = Buffer.from([NEWLINE]);

/** Copies the fixed columns and the kept samples' columns of `record` (runs of kept samples at once). */
function writeSubset(out: BlockWriter, record: Buffer, runs: Array<[number, number]>, columnStarts: Int32Array): void {
  // columnStarts[i]: where sample i's column starts; columnStarts[n]: one past the record's end.
  let at = 0;
  for (let tabs = 0; tabs < 9; tabs += 1) at = record.indexOf(TAB, at) + 1;
  const sampleCount = columnStarts.length - 1;
  columnStarts[0] = at;
  for (let sample = 1; sample < sampleCount; sample += 1) {
    while (at < record.length && record[at] !== TAB) at += 1;
    at += 1;
    columnStarts[sample] = at;
  }
  columnStarts[sampleCount] = record.length + 1;
  out.copy(record.subarray(0, columnStarts[0]! - 1));
  for (const [first, last] of runs) out.copy(record.subarray(columnStarts[first]! - 1, columnStarts[last + 1]! - 1));
  out.copy(NEWLINE_BYTES);
}

/** The header of a VCF written with only the samples in `keepSamples` (indices, ascending), `extraMeta` after the input's meta lines. */
function headerText(header: VcfHeader, keepSamples: number[], extraMeta: string[]): string {
  const headerLines = [
    ...header.meta,
    ...extraMeta,
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', ...(header.samples.length > 0 ? ['FORMAT'] : []), ...keepSamples.map((index) => header.samples[index]!)].join('\t'),
  ];
  return `${headerLines.join('\n')}\n`;
}

/**
 * Records (and only some samples of them) written one at a time, as a filter reads them: the
 * header, then each kept record; `flush` writes out what refers to the memory the records were
 * read from, before the reader fills it again (scanVcf's `chunkEnd`).
 */
export class VcfWriter {
  private readonly fd: number;
  private readonly out: BlockWriter;
  private readonly runs: Array<[number, number]> | null;
  private readonly columnStarts: Int32Array;

  constructor(file: string, header: VcfHeader, keepSamples: number[], extraMeta: string[] = []) {
    this.fd = fs.openSync(file, 'w');
    this.out = new BlockWriter(this.fd);
    this.runs = keepSamples.length === header.samples.length ? null : runsOf(keepSamples);
    this.columnStarts = new Int32Array(header.samples.length + 1);
    this.out.copy(Buffer.from(headerText(header, keepSamples, extraMeta)));
  }

  /** A record as read (no newline). */
  record(record: Buffer): void {
    if (this.runs) writeSubset(this.out, record, this.runs, this.columnStarts);
    else if (!this.out.extend(record)) this.out.record(record);
  }

  flush(): void {
    this.out.flush();
  }

  /** Bytes written so far, and the milliseconds spent writing them. */
  get written(): { bytes: number; ms: number } {
    return { bytes: this.out.written, ms: this.out.writeMs };
  }

  close(): void {
    try {
      this.out.flush();
    } finally {
      fs.closeSync(this.fd);
    }
  }

  /** Closes the file without writing what is left (after a failure). */
  abandon(): void {
    fs.closeSync(this.fd);
  }
}

/** Writes the header and the given sites, keeping only the samples in `keepSamples` (indices, ascending). */
export async function writeVcf(file: string, header: VcfHeader, sites: VcfSite[], keepSamples: number[], extraMeta: string[] = []): Promise<void> {
  const out = new VcfWriter(file, header, keepSamples, extraMeta);
  try {
    for (const site of sites) out.record(site.record);
  } catch (error) {
    out.abandon();
    throw error;
  }
  out.close();
}

/**
 * Writes `input` again with only the records whose index (counting records from 0, as scanVcf
 * does) is set in `keepRecords`, and only the samples in `keepSamples`: a second pass over the
 * file, for a filter that learns which records and samples to keep only at its end.
 */
export async function rewriteVcf(input: string, output: string, keepRecords: Uint8Array, keepSamples: number[], extraMeta: string[] = []): Promise<void> {
  let out: VcfWriter | null = null;
  let index = 0;
  const lines = new HeaderReader(input, (header) => {
    out ??= new VcfWriter(output, header, keepSamples, extraMeta);
  });
  try {
    await forEachLineOf(
      input,
      (line) => {
        if (!lines.isRecord(line)) return;
        if (keepRecords[index] === 1) out!.record(line);
        index += 1;
      },
      () => out?.flush(),
    );
  } catch (error) {
    (out as VcfWriter | null)?.abandon();
    throw describeStreamError(input, error);
  }
  if (!out) throw new VcfError(`${input} has no #CHROM header line. Is it a VCF?`);
  (out as VcfWriter).close();
}
