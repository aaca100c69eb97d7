/**
 * Writes tests/fixtures/genomics/: the small simulated dataset the local pipelines are tested
 * on (120 individuals, 400 markers, 2 traits with 3 known QTL each). The VCF also gets what
 * Process VCFs must remove: indels and multi-allelic sites, rare variants, sites and samples
 * with many missing calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simulate } from '../pipelines/_shared/simulate.ts';

const folder = path.resolve('tests/fixtures/genomics');
fs.mkdirSync(folder, { recursive: true });
const data = simulate({ individuals: 120, markers: 400, chromosomes: 4, qtlPerTrait: 3, heritability: 0.7, traits: 2, seed: 7, missingRate: 0.02 });

const lines = data.vcf.trimEnd().split('\n');
const header = lines.filter((line) => line.startsWith('#'));
const records = lines.filter((line) => !line.startsWith('#'));
const badSamples = new Set([3, 50, 97]);
const extra: string[] = [];
const edited = records.map((line, index) => {
  const fields = line.split('\t');
  // Three samples lose 60% of their calls: below any sensible call-rate threshold.
  for (const sample of badSamples) if (index % 5 < 3) fields[9 + sample] = './.';
  if (index % 40 === 5) {
    // A rare variant: one heterozygote.
    for (let sample = 9; sample < fields.length; sample += 1) fields[sample] = sample === 9 ? '0/1' : '0/0';
  }
  if (index % 40 === 15) {
    // Half the calls missing.
    for (let sample = 9; sample < fields.length; sample += 2) fields[sample] = './.';
  }
  if (index % 50 === 25) {
    // An indel and a multi-allelic site beside this SNP.
    extra.push([fields[0], Number(fields[1]) + 1, '.', 'AT', 'A', '50', 'PASS', '.', 'GT', ...fields.slice(9)].join('\t'));
    extra.push([fields[0], Number(fields[1]) + 2, '.', 'C', 'G,T', '50', 'PASS', '.', 'GT', ...fields.slice(9).map((call, sample) => (sample % 7 === 0 && call === '0/1' ? '1/2' : call))].join('\t'));
  }
  return fields.join('\t');
});
const sorted = [...edited, ...extra].sort((a, b) => {
  const [ca, pa] = a.split('\t');
  const [cb, pb] = b.split('\t');
  return ca!.localeCompare(cb!, 'en', { numeric: true }) || Number(pa) - Number(pb);
});
fs.writeFileSync(path.join(folder, 'panel.vcf'), `${[...header, ...sorted].join('\n')}\n`);
fs.writeFileSync(path.join(folder, 'panel_phenotypes.csv'), data.phenotypesCsv);
fs.writeFileSync(path.join(folder, 'panel_known_qtl.csv'), data.knownQtlCsv);
console.log(`Wrote ${folder}: ${sorted.length} VCF records`);
