/**
 * FASTQ reading, read QC with FastQC's definitions, and trimming with cutadapt's.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { openDecompressed } from '../../_shared/vcf.ts';

export interface FastqRecord {
  name: string;
  sequence: string;
  quality: string;
}

/** The records of a FASTQ file (plain or gzip), four lines each; a broken record is named with its line. */
export async function* readFastq(file: string): AsyncGenerator<FastqRecord> {
  if (!fs.existsSync(file)) throw new Error(`The FASTQ file ${file} does not exist.`);
  const lines = readline.createInterface({ input: await openDecompressed(file), crlfDelay: Number.POSITIVE_INFINITY });
  let buffer: string[] = [];
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (buffer.length === 0 && line === '') continue;
    buffer.push(line);
    if (buffer.length < 4) continue;
    const [name, sequence, plus, quality] = buffer as [string, string, string, string];
    const first = lineNumber - 3;
    if (!name.startsWith('@')) throw new Error(`${file} line ${first}: a FASTQ record starts with @ (found "${name.slice(0, 40)}"). Is this a FASTQ file?`);
    if (!plus.startsWith('+')) throw new Error(`${file} line ${first + 2}: the third line of a record is + (found "${plus.slice(0, 40)}").`);
    if (quality.length !== sequence.length)
      throw new Error(`${file} line ${first + 3}: the quality string has ${quality.length} characters for ${sequence.length} bases; the file is truncated or damaged.`);
    yield { name: name.slice(1), sequence: sequence.toUpperCase(), quality };
    buffer = [];
  }
  if (buffer.length > 0) throw new Error(`${file} ends in the middle of a record (${buffer.length} of its 4 lines); the file is truncated.`);
}

/** The adapter FastQC looks for as "Illumina Universal Adapter". */
export const FASTQC_ADAPTER = 'AGATCGGAAGAG';
/** FastQC tracks duplication on the first 100,000 distinct sequences, cut to 50 bases when longer than 75. */
const DUPLICATION_LIMIT = 100_000;

/** Read QC of one file, as FastQC counts it (positions not grouped, `--nogroup`). */
export class ReadQc {
  sequences = 0;
  minLength = Number.POSITIVE_INFINITY;
  maxLength = 0;
  private bases = { A: 0, C: 0, G: 0, T: 0, N: 0 };
  private qualitySum: number[] = [];
  private qualityCount: number[] = [];
  private lengths = new Map<number, number>();
  private adapterFirst: number[] = [];
  private distinct = new Map<string, number>();
  private counted = 0;
  private gcPerRead: number[] = [];

  add(record: FastqRecord): void {
    this.sequences += 1;
    const length = record.sequence.length;
    this.minLength = Math.min(this.minLength, length);
    this.maxLength = Math.max(this.maxLength, length);
    this.lengths.set(length, (this.lengths.get(length) ?? 0) + 1);
    let gc = 0;
    let acgt = 0;
    for (let position = 0; position < length; position += 1) {
      const base = record.sequence[position]! as keyof typeof this.bases;
      if (base in this.bases) this.bases[base] += 1;
      else this.bases.N += 1;
      if (base === 'G' || base === 'C') gc += 1;
      if (base !== 'N') acgt += 1;
      this.qualitySum[position] = (this.qualitySum[position] ?? 0) + record.quality.charCodeAt(position) - 33;
      this.qualityCount[position] = (this.qualityCount[position] ?? 0) + 1;
    }
    this.gcPerRead.push(acgt === 0 ? 0 : (100 * gc) / acgt);
    const adapter = record.sequence.indexOf(FASTQC_ADAPTER);
    if (adapter >= 0) this.adapterFirst[adapter] = (this.adapterFirst[adapter] ?? 0) + 1;
    const key = length > 75 ? record.sequence.slice(0, 50) : record.sequence;
    const seen = this.distinct.get(key);
    if (seen !== undefined) {
      this.distinct.set(key, seen + 1);
      this.counted += 1;
    } else if (this.distinct.size < DUPLICATION_LIMIT) {
      this.distinct.set(key, 1);
      this.counted += 1;
    }
  }

  /** The figures FastQC's Basic Statistics, per-base quality, adapter content and duplication modules show. */
  summary() {
    const { A, C, G, T, N } = this.bases;
    const acgt = A + C + G + T;
    const meanQuality = this.qualitySum.map((sum, position) => sum / this.qualityCount[position]!);
    // Adapter content: the share of reads whose adapter starts at or before each position.
    const adapterContent: number[] = [];
    let cumulative = 0;
    for (let position = 0; position < this.maxLength; position += 1) {
      cumulative += this.adapterFirst[position] ?? 0;
      adapterContent.push(this.sequences === 0 ? 0 : (100 * cumulative) / this.sequences);
    }
    return {
      sequences: this.sequences,
      minLength: this.sequences === 0 ? 0 : this.minLength,
      maxLength: this.maxLength,
      gcPercent: acgt === 0 ? 0 : (100 * (G + C)) / acgt,
      nPercent: acgt + N === 0 ? 0 : (100 * N) / (acgt + N),
      meanQuality,
      meanReadQuality:
        this.qualitySum.reduce((sum, value) => sum + value, 0) /
        Math.max(
          1,
          this.qualityCount.reduce((sum, value) => sum + value, 0),
        ),
      lengthDistribution: [...this.lengths].sort((a, b) => a[0] - b[0]),
      adapterContent,
      adapterReads: this.adapterFirst.reduce((sum, value) => sum + (value ?? 0), 0),
      deduplicatedPercent: this.counted === 0 ? 100 : (100 * this.distinct.size) / this.counted,
      gcPerReadMean: this.gcPerRead.reduce((sum, value) => sum + value, 0) / Math.max(1, this.gcPerRead.length),
    };
  }
}

/** Where cutadapt's `-q cutoff` cuts the 3' end (BWA's algorithm): the read keeps [0, stop). */
export function qualityTrimStop(quality: string, cutoff: number): number {
  let stop = quality.length;
  let sum = 0;
  let best = 0;
  for (let index = quality.length - 1; index >= 0; index -= 1) {
    sum += cutoff - (quality.charCodeAt(index) - 33);
    if (sum < 0) break;
    if (sum > best) {
      best = sum;
      stop = index;
    }
  }
  return stop;
}

/**
 * Where a 3' adapter starts, matched exactly as cutadapt does with `-e 0 -O 3`: the leftmost
 * whole occurrence, else the longest end of the read that is the adapter's beginning (at least
 * `minOverlap` bases). The read's length when there is none.
 */
export function adapterStart(sequence: string, adapter: string, minOverlap = 3): number {
  const whole = sequence.indexOf(adapter);
  if (whole >= 0) return whole;
  for (let overlap = Math.min(adapter.length - 1, sequence.length); overlap >= minOverlap; overlap -= 1) {
    if (sequence.endsWith(adapter.slice(0, overlap))) return sequence.length - overlap;
  }
  return sequence.length;
}

/** Quality trimming at the 3' end, then adapter removal: what is left of a read, and how many bases each step took. */
export function trimRead(record: FastqRecord, cutoff: number, adapter: string): { record: FastqRecord; qualityTrimmed: number; adapterTrimmed: number } {
  const stop = qualityTrimStop(record.quality, cutoff);
  const sequence = record.sequence.slice(0, stop);
  const end = adapterStart(sequence, adapter);
  return { record: { name: record.name, sequence: sequence.slice(0, end), quality: record.quality.slice(0, end) }, qualityTrimmed: record.sequence.length - stop, adapterTrimmed: stop - end };
}
