import { useMemo } from 'react';
import { type KnownQtl, type SignificanceRule, significanceCutoff } from '../../../contract/benchmark-metrics';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import { type Method, ruleText } from './discovery-scores';
import { genomeAxis } from './genome-axis';

/** Odd and even chromosomes alternate between these, as Manhattan plots draw them. */
const CHROMOSOME_SHADES = ['#1f2937', '#9ca3af'];

/** One method's markers of a trait along the genome, with the trait's known QTL and the rule's line. */
export function ManhattanPlot({ method, qtl, trait, rule }: { method: Method; qtl: KnownQtl[]; trait: string; rule: SignificanceRule }) {
  const tests = useMemo(() => method.tests.filter((test) => test.trait === trait), [method, trait]);
  const { series, ticks, length, threshold, significantCount } = useMemo(() => {
    const known = qtl.filter((one) => one.trait === trait);
    const axis = genomeAxis(tests, known);
    const byShade: Array<Array<{ x: number; y: number }>> = [[], []];
    for (const test of tests) {
      const shade = axis.order.indexOf(test.chromosome) % 2;
      byShade[shade]!.push({ x: axis.offsets.get(test.chromosome)! + test.position, y: Math.min(test.minusLog10P, 1e6) });
    }
    const top = tests.reduce((high, test) => (Number.isFinite(test.minusLog10P) ? Math.max(high, test.minusLog10P) : high), 1);
    // The rule as a line at its cut: the threshold, Bonferroni's −log10(α/m), or the −log10 p of Benjamini–Hochberg's last call.
    const cutoff = significanceCutoff(tests, rule);
    const weakest = Number.isFinite(cutoff) ? cutoff : null;
    const significantCount = tests.filter((test) => test.minusLog10P >= cutoff).length;
    const lines: ScatterSeries[] = [
      { label: 'Markers (odd chromosomes)', color: CHROMOSOME_SHADES[0]!, points: byShade[0]!, radius: 1.5, hideInLegend: true, dense: true },
      { label: 'Markers (even chromosomes)', color: CHROMOSOME_SHADES[1]!, points: byShade[1]!, radius: 1.5, hideInLegend: true, dense: true },
      {
        label: 'Known QTL',
        color: '#dc2626',
        pointStyle: 'triangle',
        radius: 6,
        points: known.map((one) => ({ x: (axis.offsets.get(one.chromosome) ?? 0) + one.position, y: top * 1.05 })),
        hideInLegend: known.length === 0,
      },
    ];
    if (weakest !== null)
      lines.push({
        label: `Significance (${ruleText(rule)})`,
        color: '#2563eb',
        line: true,
        points: [
          { x: 0, y: weakest },
          { x: axis.length, y: weakest },
        ],
      });
    return { series: lines, ticks: axis.ticks, length: axis.length, threshold: weakest, significantCount };
  }, [tests, qtl, trait, rule]);
  return (
    <div>
      <ScatterChart
        series={series}
        xTicks={ticks}
        xMin={0}
        xMax={length}
        yMin={0}
        xLabel="Chromosome"
        yLabel="−log10 p"
        ariaLabel={`Manhattan plot of ${method.name}, trait ${trait}, with the known QTL marked`}
        height="h-80"
      />
      <p className="mt-1 text-xs text-stone-500">
        {tests.length.toLocaleString('en')} markers ·{' '}
        {qtl.some((one) => one.trait === trait) ? `red triangles: known QTL of ${trait}` : `${trait} has no known QTL (a null trait): every hit is a false positive`}
        {threshold !== null
          ? ` · blue line: ${ruleText(rule)}, at −log10 p ${Number(threshold.toFixed(2))}; ${significantCount.toLocaleString('en')} significant`
          : ' · nothing is significant under this rule'}
      </p>
    </div>
  );
}
