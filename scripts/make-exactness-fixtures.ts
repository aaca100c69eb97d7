/**
 * Writes the inputs of tests/fixtures/exactness/ (deterministic): VCFs with sites placed
 * exactly on the Process VCFs thresholds, and a GDIP dataset with covariates and two QTL of
 * known strength. The expected values beside them come from bcftools and R:
 * tests/fixtures/exactness/make-expected.sh (see the README there).
 *
 *   npx tsx scripts/make-exactness-fixtures.ts && sh tests/fixtures/exactness/make-expected.sh
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom, shuffled } from '../pipelines/_shared/stats.ts';

const folder = path.resolve('tests/fixtures/exactness');
fs.mkdirSync(folder, { recursive: true });
const random = seededRandom(2026);
const header = (samples: string[], contigs: string[]) => [
  '##fileformat=VCFv4.2',
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  ...contigs.map((contig) => `##contig=<ID=${contig}>`),
  ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples].join('\t'),
];
const diploid = (dose: number) => (dose === 0 ? '0/0' : dose === 1 ? '0/1' : '1/1');

// ---------------------------------------------------------------------------------------------
// thresholds.vcf: 300 diploid samples; min_maf 0.1 and max_site_missing 0.05 are the thresholds.
{
  const samples = Array.from({ length: 300 }, (_, index) => `S${String(index + 1).padStart(3, '0')}`);
  const records: string[] = [];
  let pos = 1000;
  const site = (chrom: string, calls: string[], alt = 'C') => {
    pos += 1000;
    records.push([chrom, pos, `${chrom}_${pos}`, 'A', alt, '.', 'PASS', '.', 'GT', ...calls].join('\t'));
  };
  /** Calls with `altCount` ALT alleles among `called` diploid samples, the rest missing. */
  const callsWith = (altCount: number, missing: number) => {
    const called = samples.length - missing;
    const doses = new Array<number>(called).fill(0);
    let left = altCount;
    for (let index = 0; left > 0; index = (index + 1) % called) {
      if (doses[index]! < 2) {
        doses[index]! += 1;
        left -= 1;
      }
    }
    return shuffled([...doses.map(diploid), ...new Array<string>(missing).fill('./.')], random);
  };
  // On the MAF threshold exactly (60 of 600 alleles), ALT-minor and ALT-major, and one allele either side.
  for (const chrom of ['chr1', 'chr2', 'chr10']) {
    site(chrom, callsWith(60, 0));
    site(chrom, callsWith(540, 0));
    site(chrom, callsWith(59, 0));
    site(chrom, callsWith(541, 0));
    site(chrom, callsWith(61, 0));
    // On the missingness threshold exactly (15 of 300 samples), and one sample over.
    site(chrom, callsWith(200, 15));
    site(chrom, callsWith(400, 15));
    site(chrom, callsWith(200, 16));
    // Both at once: MAF 57/570 = 0.1 with 15 missing.
    site(chrom, callsWith(57, 15));
    site(chrom, callsWith(513, 15));
    // Random sites around the thresholds.
    for (let index = 0; index < 30; index += 1) {
      const missing = Math.floor(random() * 25);
      const an = 2 * (samples.length - missing);
      site(chrom, callsWith(Math.floor(an * (0.05 + random() * 0.9)), missing));
    }
  }
  // Half calls: `./1` counts one ALT allele of one (AN, AC) but leaves the sample missing (F_MISSING).
  site(
    'chr10',
    samples.map((_, index) => (index < 40 ? './1' : index < 60 ? '0/.' : diploid(index % 3))),
  );
  // A multi-allelic SNP: per-allele frequencies, MAF of the second most common allele.
  site(
    'chr10',
    samples.map((_, index) => ['0/0', '0/1', '0/2', '1/2', '1/1', '2/2', '0/0'][index % 7]!),
    'C,G',
  );
  fs.writeFileSync(path.join(folder, 'thresholds.vcf'), `${[...header(samples, ['chr1', 'chr2', 'chr10']), ...records].join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// tetraploid.vcf: 60 tetraploid samples, dosages 0–4.
{
  const samples = Array.from({ length: 60 }, (_, index) => `T${index + 1}`);
  const records = Array.from({ length: 20 }, (_, index) => {
    const p = 0.1 + random() * 0.8;
    const calls = samples.map(() => {
      if (random() < 0.03) return './././.';
      const alleles = Array.from({ length: 4 }, () => (random() < p ? 1 : 0)).sort();
      return alleles.join('/');
    });
    return ['chr1', (index + 1) * 5000, `tet${index + 1}`, 'G', 'T', '.', 'PASS', '.', 'GT', ...calls].join('\t');
  });
  fs.writeFileSync(path.join(folder, 'tetraploid.vcf'), `${[...header(samples, ['chr1']), ...records].join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// GDIP: 240 individuals in two subpopulations, 60 markers on 3 chromosomes, 3% missing calls;
// a trait with a strong QTL (t ≈ 40), a moderate one (t ≈ 9), environment effects (env coded
// 1/2/3: categorical) and a numeric covariate.
{
  const n = 240;
  const samples = Array.from({ length: n }, (_, index) => `G${String(index + 1).padStart(3, '0')}`);
  const subpopulation = samples.map((_, index) => (index < n / 2 ? 0 : 1));
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const markers = Array.from({ length: 60 }, (_, index) => {
    const chrom = `chr${Math.floor(index / 20) + 1}`;
    const base = 0.15 + random() * 0.5;
    const frequencies = [base, Math.min(0.9, Math.max(0.05, base + (random() - 0.5) * 0.4))];
    const dosage = samples.map((_, sample) => (random() < frequencies[subpopulation[sample]!]! ? 1 : 0) + (random() < frequencies[subpopulation[sample]!]! ? 1 : 0));
    const missing = samples.map(() => random() < 0.03);
    return { id: `m${index + 1}`, chrom, pos: ((index % 20) + 1) * 100_000, dosage, missing };
  });
  const strong = markers[7]!;
  const moderate = markers[33]!;
  const env = samples.map((_, index) => 1 + (index % 3));
  const age = samples.map(() => Math.round((20 + random() * 30) * 10) / 10);
  const y = samples.map((_, index) => {
    const environment = [0, 4, -3][env[index]! - 1]!;
    return 50 + environment + 0.2 * age[index]! + 16 * strong.dosage[index]! + 6.5 * moderate.dosage[index]! + 0.3 * subpopulation[index]! + 1.5 * normal();
  });
  const records = markers.map((marker) =>
    [marker.chrom, marker.pos, marker.id, 'A', 'G', '.', 'PASS', '.', 'GT', ...marker.dosage.map((dose, index) => (marker.missing[index] ? './.' : diploid(dose)))].join('\t'),
  );
  fs.writeFileSync(path.join(folder, 'gdip.vcf'), `${[...header(samples, ['chr1', 'chr2', 'chr3']), ...records].join('\n')}\n`);
  // The same genotypes as a dosage table (NA for missing), for R.
  const dosageRows = samples.map((sample, index) => [sample, ...markers.map((marker) => (marker.missing[index] ? 'NA' : marker.dosage[index]))].join(','));
  fs.writeFileSync(path.join(folder, 'gdip_dosage.csv'), `${['id', ...markers.map((marker) => marker.id)].join(',')}\n${dosageRows.join('\n')}\n`);
  // Ten individuals lack a phenotype; they are genotyped but not analysed.
  const phenotypeRows = samples.map((sample, index) => [sample, index % 24 === 5 ? 'NA' : y[index]!.toFixed(4), env[index], age[index]].join(','));
  fs.writeFileSync(path.join(folder, 'gdip_phenotypes.csv'), `id,yield,env,age\n${phenotypeRows.join('\n')}\n`);
  // GDIP's folds for seed 42 and 5 folds: position p of the seeded shuffle of the phenotyped
  // individuals (in file order) is in fold p mod 5. R reads them to cross-validate on the same folds.
  const phenotyped = samples.filter((_, index) => index % 24 !== 5);
  const order = shuffled(
    phenotyped.map((_, index) => index),
    seededRandom(42),
  );
  const foldRows = order.map((index, position) => `${phenotyped[index]},${position % 5}`);
  fs.writeFileSync(path.join(folder, 'gdip_folds.csv'), `id,fold\n${foldRows.join('\n')}\n`);
}

console.log(`Wrote the inputs in ${folder}; now run tests/fixtures/exactness/make-expected.sh`);
