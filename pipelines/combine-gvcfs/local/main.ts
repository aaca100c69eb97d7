/**
 * Combine GVCFs, local implementation: single-sample gVCFs (or VCFs), plain or gzipped, merged
 * by position into one multi-sample VCF. Every position where a sample has a variant is a site;
 * a sample's reference block covering it gives 0/0, no data gives a missing call; alleles are
 * reconciled across samples (REF extended to the longest one, ALTs extended to match, each
 * allele once). This is what `bcftools merge --gvcf ref.fa -m all` followed by keeping the
 * records with a real ALT allele gives (tested); GATK's GenotypeGVCFs, which re-genotypes from
 * likelihoods, needs the nextflow engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { openDecompressed, readVcf } from '../../_shared/vcf.ts';

/** A call: allele indices (null = missing) and whether phased. */
interface Call {
  alleles: Array<number | null>;
  phased: boolean;
}

interface VariantRecord {
  ref: string;
  alts: string[];
  call: Call;
  line: number;
}

/** A stretch the sample was called over without a variant: a gVCF block or a hom-ref record. */
interface Block {
  start: number;
  end: number;
  call: Call;
}

interface SampleCalls {
  sample: string;
  file: string;
  variants: Map<string, Map<number, VariantRecord>>;
  blocks: Map<string, Block[]>;
  ploidy: number;
}

const SYMBOLIC_REFERENCE = new Set(['<NON_REF>', '<*>']);

function parseCall(text: string): Call {
  const phased = text.includes('|');
  const alleles = text.split(/[/|]/).map((allele) => (allele === '.' || allele === '' ? null : Number(allele)));
  return { alleles, phased };
}

/** The samplesheet's rows: sample names and the gVCF of each (paths relative to the sheet are allowed). */
export function readSamplesheet(file: string): Array<{ sample: string; gvcf: string; row: number }> {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim().toLowerCase() });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('sample') || !fields.includes('gvcf')) {
    throw new Error(`${path.basename(file)} needs the columns sample and gvcf (found: ${fields.join(', ') || 'nothing'}). Write one row per sample, e.g. "sample,gvcf" then "S01,/data/S01.g.vcf.gz".`);
  }
  const seen = new Map<string, number>();
  const rows = parsed.data.map((record, index) => {
    const row = index + 2;
    const sample = (record.sample ?? '').trim();
    const gvcf = (record.gvcf ?? '').trim();
    if (!sample || !gvcf) throw new Error(`${path.basename(file)} row ${row}: both sample and gvcf are needed.`);
    const earlier = seen.get(sample);
    if (earlier) throw new Error(`${path.basename(file)} row ${row}: sample ${sample} is already on row ${earlier}; each sample once.`);
    seen.set(sample, row);
    const resolved = path.isAbsolute(gvcf) ? gvcf : path.resolve(path.dirname(file), gvcf);
    if (!fs.existsSync(resolved))
      throw new Error(
        `${path.basename(file)} row ${row}: ${gvcf} does not exist${path.isAbsolute(gvcf) ? '' : ` (read as ${resolved}, relative to the samplesheet)`}. Give the gVCF's path on the Seedbed server.`,
      );
    return { sample, gvcf: resolved, row };
  });
  if (rows.length === 0) throw new Error(`${path.basename(file)} lists no gVCF.`);
  return rows;
}

/** The reference's sequences by name, in file order (plain or gzipped FASTA). */
export async function readFasta(file: string): Promise<Map<string, string>> {
  if (!fs.existsSync(file)) throw new Error(`The reference FASTA ${file} does not exist.`);
  const sequences = new Map<string, string>();
  let name: string | null = null;
  let parts: string[] = [];
  let rest = '';
  const flush = () => {
    if (name !== null) sequences.set(name, parts.join('').toUpperCase());
  };
  const take = (line: string) => {
    if (line.startsWith('>')) {
      flush();
      name = line.slice(1).trim().split(/\s+/)[0] ?? '';
      parts = [];
    } else if (name !== null) parts.push(line.trim());
  };
  for await (const chunk of await openDecompressed(file)) {
    const lines = (rest + (chunk as Buffer).toString('latin1')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  if (rest) take(rest);
  flush();
  if (sequences.size === 0) throw new Error(`${path.basename(file)} holds no sequence (no line starting with >): give the reference genome in FASTA format.`);
  return sequences;
}

/** Regions from a BED file (0-based, end exclusive) or a GATK .list/.interval_list (1-based, inclusive), as 1-based inclusive ranges. */
export function readIntervals(file: string): Map<string, Array<[number, number]>> {
  const regions = new Map<string, Array<[number, number]>>();
  const add = (chrom: string, start: number, end: number) => {
    const list = regions.get(chrom) ?? [];
    list.push([start, end]);
    regions.set(chrom, list);
  };
  const bed = file.toLowerCase().endsWith('.bed');
  for (const [index, raw] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('@') || line.startsWith('track') || line.startsWith('browser')) continue;
    const problem = () =>
      new Error(
        `${path.basename(file)} line ${index + 1} is not an interval ("${line.slice(0, 60)}"): ${bed ? 'a BED line is chrom, start (0-based) and end, tab-separated' : 'write chr1, chr1:100-200 or chrom start end strand name (interval_list)'}.`,
      );
    if (bed) {
      const [chrom, start, end] = line.split(/\s+/);
      if (!chrom || !/^\d+$/.test(start ?? '') || !/^\d+$/.test(end ?? '')) throw problem();
      add(chrom, Number(start) + 1, Number(end));
      continue;
    }
    const columns = line.split(/\s+/);
    if (columns.length >= 3 && /^\d+$/.test(columns[1]!) && /^\d+$/.test(columns[2]!)) {
      add(columns[0]!, Number(columns[1]), Number(columns[2]));
      continue;
    }
    const match = /^([^:\s]+)(?::(\d+)(?:-(\d+))?)?$/.exec(line);
    if (!match) throw problem();
    const start = match[2] ? Number(match[2]) : 1;
    add(match[1]!, start, match[3] ? Number(match[3]) : match[2] ? start : Number.MAX_SAFE_INTEGER);
  }
  for (const list of regions.values()) list.sort((a, b) => a[0] - b[0]);
  return regions;
}

const inRegions = (regions: Map<string, Array<[number, number]>> | null, chrom: string, pos: number) => !regions || (regions.get(chrom) ?? []).some(([start, end]) => pos >= start && pos <= end);

/** One sample's variant records and blocks. */
async function readSample(sample: string, file: string): Promise<SampleCalls> {
  const vcf = await readVcf(file);
  if (vcf.samples.length !== 1) {
    throw new Error(`${path.basename(file)} has ${vcf.samples.length} samples; Combine GVCFs takes single-sample gVCFs. Split it first (bcftools +split), or list each sample's own gVCF.`);
  }
  const calls: SampleCalls = { sample, file, variants: new Map(), blocks: new Map(), ploidy: 0 };
  for (const site of vcf.sites) {
    const columns = site.record.toString('latin1').split('\t');
    const format = (columns[8] ?? '').split(':');
    const gtIndex = format.indexOf('GT');
    const call = parseCall(gtIndex >= 0 ? ((columns[9] ?? '').split(':')[gtIndex] ?? '.') : '.');
    if (calls.ploidy === 0 && gtIndex >= 0) calls.ploidy = call.alleles.length;
    const alts = site.alt.filter((allele) => allele !== '.' && !SYMBOLIC_REFERENCE.has(allele));
    if (alts.length === 0) {
      const end = /(?:^|;)END=(\d+)/.exec(columns[7] ?? '');
      const list = calls.blocks.get(site.chrom) ?? [];
      list.push({ start: site.pos, end: end ? Number(end[1]) : site.pos + site.ref.length - 1, call });
      calls.blocks.set(site.chrom, list);
      continue;
    }
    // Indices of the record's alleles that are kept (the symbolic <NON_REF> is not a called allele).
    const kept = new Map<number, number>([[0, 0]]);
    for (const [index, allele] of site.alt.entries()) if (allele !== '.' && !SYMBOLIC_REFERENCE.has(allele)) kept.set(index + 1, kept.size);
    const remapped: Call = { phased: call.phased, alleles: call.alleles.map((allele) => (allele === null ? null : (kept.get(allele) ?? null))) };
    const byPosition = calls.variants.get(site.chrom) ?? new Map<number, VariantRecord>();
    if (byPosition.has(site.pos)) throw new Error(`${path.basename(file)} line ${site.line}: a second variant record at ${site.chrom}:${site.pos}. Normalise the gVCF first (bcftools norm -m +any).`);
    byPosition.set(site.pos, { ref: site.ref.toUpperCase(), alts: alts.map((allele) => allele.toUpperCase()), call: remapped, line: site.line });
    calls.variants.set(site.chrom, byPosition);
  }
  for (const list of calls.blocks.values()) list.sort((a, b) => a.start - b.start);
  calls.ploidy ||= 2;
  return calls;
}

/** The block covering a position (blocks sorted by start, not overlapping). */
function blockAt(blocks: Block[] | undefined, pos: number): Block | undefined {
  if (!blocks) return undefined;
  let low = 0;
  let high = blocks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const block = blocks[middle]!;
    if (pos < block.start) high = middle - 1;
    else if (pos > block.end) low = middle + 1;
    else return block;
  }
  return undefined;
}

const missing = (ploidy: number) => Array.from({ length: ploidy }, () => '.').join('/');
const formatCall = (alleles: Array<number | null>, phased: boolean) => alleles.map((allele) => (allele === null ? '.' : String(allele))).join(phased ? '|' : '/');

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const sheet = path.resolve(params.input);
  const rows = await context.task('READ_SAMPLESHEET', path.basename(sheet), () => readSamplesheet(sheet));
  const reference = await context.task('READ_REFERENCE', path.basename(params.fasta), () => readFasta(path.resolve(params.fasta)));
  const regions = params.intervals ? await context.task('READ_INTERVALS', path.basename(params.intervals), () => readIntervals(path.resolve(params.intervals!))) : null;
  context.log(
    `Merging ${rows.length} gVCFs against ${path.basename(params.fasta)} (${reference.size} sequences)${regions ? `, within ${[...regions.values()].reduce((sum, list) => sum + list.length, 0)} intervals` : ''}. batch_size (${params.batch_size}) tunes GATK GenomicsDBImport's memory and has no effect here: the local merge reads each gVCF once.`,
  );

  const samples: SampleCalls[] = [];
  for (const row of rows) {
    samples.push(
      await context.task('READ_GVCF', row.sample, async () => {
        const calls = await readSample(row.sample, row.gvcf);
        for (const chrom of new Set([...calls.variants.keys(), ...calls.blocks.keys()])) {
          if (!reference.has(chrom))
            throw new Error(`${path.basename(row.gvcf)} has records on ${chrom}, which ${path.basename(params.fasta)} does not have: give the FASTA the gVCFs were called against.`);
        }
        return calls;
      }),
    );
  }

  const outputDir = path.join(context.outdir, 'combined');
  fs.mkdirSync(outputDir, { recursive: true });
  const output = path.join(outputDir, `${params.output_name}.vcf`);
  const stats = { variantSites: 0, nonVariantSites: 0, multiAllelic: 0, refExtended: 0 };
  const perSample = samples.map((calls) => ({ sample: calls.sample, called: 0, missing: 0, variantRecords: [...calls.variants.values()].reduce((sum, map) => sum + map.size, 0) }));

  await context.task('MERGE', params.output_name, async () => {
    const out = fs.createWriteStream(output);
    const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
    const header = [
      '##fileformat=VCFv4.2',
      '##source=seedbed-combine-gvcfs (local engine)',
      `##reference=file://${path.resolve(params.fasta)}`,
      ...[...reference].map(([name, sequence]) => `##contig=<ID=${name},length=${sequence.length}>`),
      '##INFO=<ID=AC,Number=A,Type=Integer,Description="Allele count in genotypes, for each ALT allele">',
      '##INFO=<ID=AN,Number=1,Type=Integer,Description="Total number of alleles in called genotypes">',
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      `##seedbed_combine_gvcfs=<include_non_variant_sites=${params.include_non_variant_sites},intervals=${params.intervals ?? 'none'}>`,
      ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples.map((calls) => calls.sample)].join('\t'),
    ];
    await write(`${header.join('\n')}\n`);
    for (const [chrom, sequence] of reference) {
      const variantPositions = new Set<number>();
      for (const calls of samples) for (const pos of calls.variants.get(chrom)?.keys() ?? []) if (inRegions(regions, chrom, pos)) variantPositions.add(pos);
      const positions = new Set(variantPositions);
      if (params.include_non_variant_sites) {
        for (const calls of samples) {
          for (const block of calls.blocks.get(chrom) ?? []) {
            if (block.call.alleles.every((allele) => allele === null)) continue;
            for (let pos = block.start; pos <= Math.min(block.end, sequence.length); pos += 1) if (inRegions(regions, chrom, pos)) positions.add(pos);
          }
          if (positions.size > 5_000_000) throw new Error(`include_non_variant_sites would write more than 5,000,000 sites on ${chrom}. Give intervals to limit it, or run on the nextflow engine.`);
        }
      }
      for (const pos of [...positions].sort((a, b) => a - b)) {
        const records = samples.map((calls) => calls.variants.get(chrom)?.get(pos));
        const present = records.filter((record): record is VariantRecord => record !== undefined);
        // REF: the longest among the records; each shorter one must be its start.
        const ref = present.length > 0 ? present.reduce((longest, record) => (record.ref.length > longest.length ? record.ref : longest), '') : sequence[pos - 1]!;
        for (const [index, record] of records.entries()) {
          if (record && !ref.startsWith(record.ref)) {
            throw new Error(
              `At ${chrom}:${pos} the REF of ${samples[index]!.sample} (${record.ref}, ${path.basename(samples[index]!.file)} line ${record.line}) and of another sample (${ref}) disagree. Normalise the gVCFs against the same reference (bcftools norm -f).`,
            );
          }
        }
        const expected = sequence.slice(pos - 1, pos - 1 + ref.length);
        if (expected !== ref) {
          const culprit = samples.find((_, index) => records[index]?.ref === ref);
          throw new Error(
            `At ${chrom}:${pos} the REF allele is ${ref}${culprit ? ` in ${path.basename(culprit.file)}` : ''}, but ${path.basename(params.fasta)} has ${expected || 'nothing (past the end of the sequence)'}. The gVCFs were called against another reference: give that FASTA.`,
          );
        }
        if (present.some((record) => record.ref.length < ref.length)) stats.refExtended += 1;
        const alleles = [ref];
        const indexOf = (allele: string) => {
          let index = alleles.indexOf(allele);
          if (index < 0) index = alleles.push(allele) - 1;
          return index;
        };
        const genotypes = samples.map((calls, index) => {
          const record = records[index];
          if (record) {
            const suffix = ref.slice(record.ref.length);
            const map = [0, ...record.alts.map((alt) => indexOf(alt + suffix))];
            return { alleles: record.call.alleles.map((allele) => (allele === null ? null : (map[allele] ?? null))), phased: record.call.phased };
          }
          const block = blockAt(calls.blocks.get(chrom), pos);
          if (block) return { alleles: block.call.alleles.map((allele) => (allele === null ? null : 0)), phased: block.call.phased };
          return null;
        });
        const alleleCounts = new Array<number>(alleles.length).fill(0);
        let an = 0;
        const cells = genotypes.map((call, index) => {
          const tally = perSample[index]!;
          if (!call || call.alleles.every((allele) => allele === null)) {
            tally.missing += 1;
            return call ? formatCall(call.alleles, call.phased) : missing(samples[index]!.ploidy);
          }
          tally.called += 1;
          for (const allele of call.alleles) {
            if (allele === null) continue;
            alleleCounts[allele]! += 1;
            an += 1;
          }
          return formatCall(call.alleles, call.phased);
        });
        const variant = alleles.length > 1;
        if (variant) stats.variantSites += 1;
        else stats.nonVariantSites += 1;
        if (alleles.length > 2) stats.multiAllelic += 1;
        const info = variant ? `AC=${alleleCounts.slice(1).join(',')};AN=${an}` : `AN=${an}`;
        await write(`${[chrom, pos, '.', ref, variant ? alleles.slice(1).join(',') : '.', '.', '.', info, 'GT', ...cells].join('\t')}\n`);
      }
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    context.log(
      `Wrote ${stats.variantSites} variant sites (${stats.multiAllelic} multi-allelic, ${stats.refExtended} with REF extended to a longer allele)${params.include_non_variant_sites ? ` and ${stats.nonVariantSites} non-variant sites` : ''} × ${samples.length} samples to ${output}`,
    );
  });

  await context.task('SUMMARY', params.output_name, () => {
    const summary = {
      output,
      samples: perSample.map((tally) => ({ ...tally, missingRate: tally.called + tally.missing === 0 ? null : tally.missing / (tally.called + tally.missing) })),
      sites: stats,
      definitions: {
        sites: 'every position where any sample has a variant record (and, with include_non_variant_sites, every position a sample called without one)',
        blocks: 'a sample whose reference block covers a site is 0/0 there; a block without a call (./.) or no record at all is missing',
        alleles: 'REF is the longest REF at the position; shorter REFs and their ALTs are extended with its remaining bases; each allele once, in the order the samplesheet meets them',
        notDone: 'no re-genotyping from likelihoods (GATK GenotypeGVCFs needs the nextflow engine); a deletion overlapping a later position does not turn into a spanning-deletion (*) allele there',
      },
    };
    fs.writeFileSync(path.join(outputDir, `${params.output_name}.summary.json`), `${JSON.stringify(summary, null, 2)}\n`);
  });
}
