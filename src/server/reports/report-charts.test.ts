import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reportDeclarationSchema } from '../../contract/reports';
import { computeReport } from './compute-report';

/** An associations table of `markers` markers on 10 chromosomes, one strong QTL per chromosome, as text lines streamed. */
function associations(markers: number): () => Readable {
  return () =>
    Readable.from(
      (function* () {
        yield 'trait,marker,chromosome,position,log10p\n';
        const perChromosome = markers / 10;
        let seed = 7;
        const random = () => {
          seed = (seed * 16807) % 2147483647;
          return seed / 2147483647;
        };
        let chunk = '';
        for (let index = 0; index < markers; index += 1) {
          const chromosome = Math.floor(index / perChromosome) + 1;
          const position = (index % perChromosome) * 100 + 1;
          const log10p = index % perChromosome === perChromosome / 2 ? 30 + chromosome : -Math.log10(random());
          chunk += `yield,m${index},chr${chromosome},${position},${log10p}\n`;
          if (chunk.length > 64_000) {
            yield chunk;
            chunk = '';
          }
        }
        yield chunk;
      })(),
    );
}

const declaration = reportDeclarationSchema.parse({
  numbers: [{ label: 'Markers', file: 'associations.csv', aggregate: 'count' }],
  charts: [
    { kind: 'manhattan', title: 'Manhattan', file: 'associations.csv', chromosome: 'chromosome', position: 'position', y: 'log10p', threshold: 7.3 },
    { kind: 'qq', title: 'QQ', file: 'associations.csv', log10p: 'log10p' },
  ],
});

async function reportOf(markers: number) {
  const open = associations(markers);
  return computeReport(declaration, { params: {}, outputs: [{ path: 'associations.csv', sizeBytes: 0, fileId: null }], open: async () => open() }, { charts: true, tables: true });
}

describe('Manhattan and QQ plots are thinned on the server', () => {
  it('draws 20,000 markers as they are', async () => {
    const report = await reportOf(20_000);
    const manhattan = report.charts[0]!;
    expect(manhattan.total).toBe(20_000);
    // Under 2,000 points every marker is kept; above, the top 2,000 and one per pixel below.
    expect(manhattan.shown).toBeGreaterThan(2_000);
    expect(manhattan.ticks).toHaveLength(10);
  });

  it('thins a million markers to what a screen shows, keeping every marker above the threshold', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const report = await reportOf(1_000_000);
    const seconds = (performance.now() - started) / 1000;
    expect(report.numbers[0]!.value).toBe(1_000_000);
    const [manhattan, qq] = report.charts;
    expect(manhattan!.total).toBe(1_000_000);
    expect(manhattan!.shown).toBeLessThan(60_000);
    const strong = manhattan!.series.flatMap((series) => series.points!).filter((point) => point.y > 7.3);
    expect(strong.map((point) => point.y).sort((a, b) => a - b)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(qq!.shown).toBeLessThan(60_000);
    expect(Math.max(...qq!.series[0]!.points!.map((point) => point.y))).toBe(40);
    // The JSON of both plots stays small enough to send at once.
    expect(JSON.stringify(report.charts).length).toBeLessThan(3_000_000);
    console.info(`1,000,000 markers: report in ${seconds.toFixed(2)} s, ${manhattan!.shown} Manhattan and ${qq!.shown} QQ points drawn`);
  });
});
