/**
 * A small VCF reader and writer for the local implementations: enough of VCF 4.x for
 * genotype work (GT calls), plain or gzip-compressed, read line by line.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

export interface VcfSite {
  chrom: string;
  pos: number;
  id: string;
  ref: string;
  alt: string[];
  /** Alternative-allele dosage per sample: 0, 1, 2 (diploid), or -1 when the call is missing. */
  dosage: Int8Array;
  /** The record's text, for writing it back out. */
  line: string;
}

export interface Vcf {
  /** `##` meta lines. */
  meta: string[];
  samples: string[];
  sites: VcfSite[];
}

export function lines(file: string): readline.Interface {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  return readline.createInterface({ input, crlfDelay: Infinity });
}

/** The dosage of one GT value: `0/1` → 1, `1|1` → 2, `./.` → -1. Haploid `1` → 2. */
export function dosageOf(gt: string): number {
  const alleles = gt.split(/[/|]/);
  let dose = 0;
  for (const allele of alleles) {
    if (allele === '.' || allele === '') return -1;
    if (allele !== '0') dose += 1;
  }
  return alleles.length === 1 ? dose * 2 : Math.min(dose, 2);
}

export async function readVcf(file: string): Promise<Vcf> {
  const meta: string[] = [];
  let samples: string[] | null = null;
  const sites: VcfSite[] = [];
  let lineNumber = 0;
  for await (const line of lines(file)) {
    lineNumber += 1;
    if (!line) continue;
    if (line.startsWith('##')) {
      meta.push(line);
      continue;
    }
    if (line.startsWith('#CHROM')) {
      samples = line.split('\t').slice(9);
      continue;
    }
    if (!samples) throw new Error(`${file} line ${lineNumber}: a record before the #CHROM header line; is this a VCF?`);
    const fields = line.split('\t');
    if (fields.length < 8) throw new Error(`${file} line ${lineNumber}: ${fields.length} columns; a VCF record has at least 8.`);
    const pos = Number(fields[1]);
    if (!Number.isInteger(pos) || pos < 1) throw new Error(`${file} line ${lineNumber}: POS ${JSON.stringify(fields[1])} is not a position.`);
    const format = (fields[8] ?? '').split(':');
    const gtIndex = format.indexOf('GT');
    const dosage = new Int8Array(samples.length).fill(-1);
    if (gtIndex >= 0) {
      for (let sample = 0; sample < samples.length; sample += 1) {
        const gt = (fields[9 + sample] ?? '.').split(':')[gtIndex] ?? '.';
        dosage[sample] = dosageOf(gt);
      }
    }
    sites.push({ chrom: fields[0]!, pos, id: fields[2] && fields[2] !== '.' ? fields[2] : `${fields[0]}:${pos}`, ref: fields[3]!, alt: fields[4] === '.' ? [] : fields[4]!.split(','), dosage, line });
  }
  if (!samples) throw new Error(`${file} has no #CHROM header line; is it a VCF?`);
  return { meta, samples, sites };
}

/** Writes the sites, keeping only the samples whose indices are in `keepSamples`. */
export async function writeVcf(file: string, vcf: Vcf, sites: VcfSite[], keepSamples: number[], extraMeta: string[] = []): Promise<void> {
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  for (const line of [...vcf.meta, ...extraMeta]) await write(`${line}\n`);
  await write(`${['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...keepSamples.map((index) => vcf.samples[index]!)].join('\t')}\n`);
  const allKept = keepSamples.length === vcf.samples.length;
  for (const site of sites) {
    if (allKept) {
      await write(`${site.line}\n`);
    } else {
      const fields = site.line.split('\t');
      await write(`${[...fields.slice(0, 9), ...keepSamples.map((index) => fields[9 + index] ?? '.')].join('\t')}\n`);
    }
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Frequency of the alternative allele among called samples (of those in `samples`, if given). */
export function altFrequency(site: VcfSite, samples?: number[]): { frequency: number; called: number } {
  let sum = 0;
  let called = 0;
  const indices = samples ?? Array.from(site.dosage.keys());
  for (const index of indices) {
    const dose = site.dosage[index]!;
    if (dose < 0) continue;
    sum += dose;
    called += 1;
  }
  return { frequency: called === 0 ? 0 : sum / (2 * called), called };
}
