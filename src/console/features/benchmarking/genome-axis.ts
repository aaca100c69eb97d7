import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';

/** Chromosomes in genome order: 1, 2, …, 10 (not 1, 10, 2), then the rest by name. */
export function chromosomeOrder(names: string[]): string[] {
  const key = (name: string) => {
    const bare = name.replace(/^chr/i, '');
    const number = Number(bare);
    return Number.isInteger(number) ? [0, number, ''] : [1, 0, bare];
  };
  return [...new Set(names)].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return (ka[0] as number) - (kb[0] as number) || (ka[1] as number) - (kb[1] as number) || String(ka[2]).localeCompare(String(kb[2]));
  });
}

/** A Manhattan plot's x axis: each chromosome laid after the previous, with its label at its middle. */
export function genomeAxis(tests: AssociationTest[], qtl: KnownQtl[]) {
  const ends = new Map<string, number>();
  for (const row of [...tests, ...qtl]) ends.set(row.chromosome, Math.max(ends.get(row.chromosome) ?? 0, row.position));
  const order = chromosomeOrder([...ends.keys()]);
  const offsets = new Map<string, number>();
  const ticks: Array<{ value: number; label: string }> = [];
  let offset = 0;
  for (const chromosome of order) {
    offsets.set(chromosome, offset);
    const length = ends.get(chromosome)!;
    ticks.push({ value: Math.round(offset + length / 2), label: chromosome.replace(/^chr/i, '') });
    offset += length + Math.max(1, length * 0.02);
  }
  return { offsets, ticks, order, length: offset };
}
