/**
 * A benchmark dataset like a breeding panel: individuals from two subpopulations, each
 * haplotype a mosaic of founder haplotypes (so nearby markers are in LD), uneven missingness
 * per sample, and a trait with QTL, a text environment covariate and a numeric one.
 * Deterministic for a seed. Written as a VCF, a phenotype CSV (Seedbed's) and plink's
 * phenotype and covariate files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../pipelines/_shared/stats.ts';

export interface GenomicsData {
  vcf: string;
  phenotypes: string;
  plinkPheno: string;
  plinkCovar: string;
  individuals: number;
  markers: number;
}

export function writeGenomicsData(folder: string, individuals: number, markers: number, seed = 11): GenomicsData {
  fs.mkdirSync(folder, { recursive: true });
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const chromosomes = 10;
  const perChromosome = Math.ceil(markers / chromosomes);
  const founders = 16;
  const samples = Array.from({ length: individuals }, (_, index) => `IND${String(index + 1).padStart(5, '0')}`);
  const subpopulation = samples.map((_, index) => (index * 2 < individuals ? 0 : 1));
  const missingRate = samples.map(() => random() * random() * 0.12);
  // Founder haplotypes per subpopulation; frequencies drift apart between the two.
  const baseFrequency = Array.from({ length: markers }, () => 0.05 + random() * 0.9);
  const founderAlleles = [0, 1].map((population) =>
    Array.from({ length: founders }, () => {
      const alleles = new Uint8Array(markers);
      for (let marker = 0; marker < markers; marker += 1) {
        const p = Math.min(0.98, Math.max(0.02, baseFrequency[marker]! + (population ? 0.15 : -0.15) * (random() - 0.5)));
        alleles[marker] = random() < p ? 1 : 0;
      }
      return alleles;
    }),
  );
  // Each haplotype walks along the markers, switching founder at a recombination (p = 0.05 per interval).
  const dosage = samples.map((_, sample) => {
    const values = new Uint8Array(markers);
    for (let copy = 0; copy < 2; copy += 1) {
      let founder = Math.floor(random() * founders);
      for (let marker = 0; marker < markers; marker += 1) {
        if (marker % perChromosome === 0 || random() < 0.05) founder = Math.floor(random() * founders);
        values[marker]! += founderAlleles[subpopulation[sample]!]![founder]![marker]!;
      }
    }
    return values;
  });

  const contigs = Array.from({ length: chromosomes }, (_, index) => `chr${index + 1}`);
  const vcf = path.join(folder, `panel_${individuals}x${markers}.vcf`);
  const out = fs.openSync(vcf, 'w');
  fs.writeSync(
    out,
    `${['##fileformat=VCFv4.2', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">', ...contigs.map((contig) => `##contig=<ID=${contig}>`), ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples].join('\t')].join('\n')}\n`,
  );
  const calls = ['0/0', '0/1', '1/1'];
  let buffer: string[] = [];
  for (let marker = 0; marker < markers; marker += 1) {
    const chrom = contigs[Math.floor(marker / perChromosome)]!;
    const pos = (marker % perChromosome) * 10_000 + 1 + Math.floor(random() * 5000);
    const row = [chrom, pos, `snp${marker + 1}`, 'A', 'G', '.', 'PASS', '.', 'GT'];
    for (let sample = 0; sample < individuals; sample += 1) row.push(random() < missingRate[sample]! ? './.' : calls[dosage[sample]![marker]!]!);
    buffer.push(row.join('\t'));
    if (buffer.length === 500) {
      fs.writeSync(out, `${buffer.join('\n')}\n`);
      buffer = [];
    }
  }
  if (buffer.length) fs.writeSync(out, `${buffer.join('\n')}\n`);
  fs.closeSync(out);

  // The trait: 20 QTL, environment (text, three levels) and a numeric covariate.
  const qtl = Array.from({ length: 20 }, () => ({ marker: Math.floor(random() * markers), effect: normal() }));
  const environments = ['north', 'south', 'coast'];
  const rows = samples.map((sample, index) => {
    const environment = index % 3;
    const moisture = 10 + 5 * random();
    const genetic = qtl.reduce((sum, { marker, effect }) => sum + effect * dosage[index]![marker]!, 0);
    return { sample, environment, moisture, y: 100 + [0, 3, -2][environment]! + 0.4 * moisture + genetic + 2 * normal() };
  });
  const phenotypes = path.join(folder, 'phenotypes.csv');
  fs.writeFileSync(phenotypes, `id,yield,environment,moisture\n${rows.map((row) => `${row.sample},${row.y.toFixed(4)},${environments[row.environment]},${row.moisture.toFixed(3)}`).join('\n')}\n`);
  const plinkPheno = path.join(folder, 'plink.pheno');
  fs.writeFileSync(plinkPheno, `FID IID yield\n${rows.map((row) => `${row.sample} ${row.sample} ${row.y.toFixed(4)}`).join('\n')}\n`);
  const plinkCovar = path.join(folder, 'plink.covar');
  fs.writeFileSync(
    plinkCovar,
    `FID IID south coast moisture\n${rows.map((row) => `${row.sample} ${row.sample} ${row.environment === 1 ? 1 : 0} ${row.environment === 2 ? 1 : 0} ${row.moisture.toFixed(3)}`).join('\n')}\n`,
  );
  return { vcf, phenotypes, plinkPheno, plinkCovar, individuals, markers };
}
