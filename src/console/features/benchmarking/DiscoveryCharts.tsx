import { useMemo, useState } from 'react';
import { CURVE_WINDOWS_BP, type KnownQtl, qqPoints, type SignificanceRule } from '../../../contract/benchmark-metrics';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import type { Method, ScoreRow } from './discovery-scores';
import { curvesOf } from './discovery-summary';
import { windowLabel } from './discovery-view';
import { ManhattanPlot } from './ManhattanPlot';
import { SCORE_COLORS, seriesColor } from './series-colors';

/** Each method's observed −log10 p against those expected with no association, for one trait. */
function qqSeries(methods: Method[], trait: string): ScatterSeries[] {
  const series: ScatterSeries[] = methods.map((method, index) => ({
    label: method.name,
    color: seriesColor(index),
    radius: 1.5,
    dense: true,
    points: qqPoints(method.tests.filter((test) => test.trait === trait)).map((point) => ({ x: point.expected, y: Math.min(point.observed, 1e6) })),
  }));
  const top = series.reduce((high, entry) => entry.points.reduce((inner, point) => Math.max(inner, point.x), high), 1);
  series.push({
    label: 'Expected under no association',
    color: '#9ca3af',
    line: true,
    points: [
      { x: 0, y: 0 },
      { x: top, y: top },
    ],
    hideInLegend: true,
  });
  return series;
}

/** A Manhattan plot per method and a QQ plot, for the trait chosen. */
export function TraitPlots({ methods, qtl, rule }: { methods: Method[]; qtl: KnownQtl[]; rule: SignificanceRule }) {
  const [trait, setTrait] = useState<string | null>(null);
  const traits = useMemo(() => [...new Set([...methods.flatMap((method) => method.tests.map((test) => test.trait)), ...qtl.map((one) => one.trait)])].sort(), [methods, qtl]);
  const withQtl = useMemo(() => new Set(qtl.map((one) => one.trait)), [qtl]);
  // First a trait with known QTL: a null trait has none to find (it measures false hits).
  const shownTrait = trait && traits.includes(trait) ? trait : (traits.find((name) => withQtl.has(name)) ?? traits[0] ?? null);
  const qq = useMemo(() => (shownTrait ? qqSeries(methods, shownTrait) : []), [methods, shownTrait]);
  return (
    <Card
      title="Manhattan and QQ plots"
      actions={
        <label className="flex items-center gap-2 text-sm text-stone-700">
          Trait
          <select className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm" value={shownTrait ?? ''} onChange={(event) => setTrait(event.target.value)}>
            {traits.map((name) => (
              <option key={name} value={name}>
                {withQtl.has(name) ? name : `${name} (null trait: no known QTL)`}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {shownTrait && (
        <div className="grid gap-8">
          {methods.map((method) => (
            <section key={method.name} aria-label={`Manhattan plot: ${method.name}`}>
              <h3 className="mb-2 text-sm font-semibold text-stone-800">{method.name}</h3>
              <ManhattanPlot method={method} qtl={qtl} trait={shownTrait} rule={rule} />
            </section>
          ))}
          <section aria-label="QQ plot">
            <h3 className="mb-2 text-sm font-semibold text-stone-800">QQ plot, {shownTrait}</h3>
            <ScatterChart series={qq} xLabel="Expected −log10 p" yLabel="Observed −log10 p" xMin={0} yMin={0} ariaLabel={`QQ plot of trait ${shownTrait}`} />
          </section>
        </div>
      )}
    </Card>
  );
}

/**
 * The methods side by side, traits with known QTL pooled: their scores as bars, and power against
 * FDR as the threshold falls, at the window chosen among the five, each curve's area in its label.
 */
export function MethodsCompared({
  methods,
  qtl,
  totals,
  curveWindowBp,
  onCurveWindowChange,
  datasetName,
}: {
  methods: Method[];
  qtl: KnownQtl[];
  totals: ScoreRow[];
  curveWindowBp: number;
  onCurveWindowChange: (bp: number) => void;
  /** The dataset shown, when the benchmark has several: its figures, not the means over them the table gives. */
  datasetName?: string;
}) {
  const window = Math.max(0, CURVE_WINDOWS_BP.indexOf(curveWindowBp));
  const curves = useMemo<ScatterSeries[]>(
    () =>
      methods.map((method, index) => {
        const curve = curvesOf(method, qtl)[window]!;
        return {
          label: `${method.name}${curve.auc === null ? '' : ` (area ${curve.auc.toFixed(3)})`}`,
          color: seriesColor(index),
          line: true,
          radius: 2,
          points: curve.points.map((point) => ({ x: point.fdr, y: point.power })),
        };
      }),
    [methods, qtl, window],
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title={datasetName ? `Methods compared: ${datasetName}` : 'Methods compared'}
        description={`Traits with known QTL pooled${datasetName ? ', on this dataset only (the table above gives the means over the datasets)' : ''}. A missing precision bar means the method called nothing significant.`}
      >
        <BarChart
          labels={totals.map((row) => row.method)}
          series={[
            { label: 'Precision', color: SCORE_COLORS.precision, values: totals.map((row) => row.precision ?? 0) },
            { label: 'Recall', color: SCORE_COLORS.recall, values: totals.map((row) => row.recall ?? 0) },
            { label: 'F1', color: SCORE_COLORS.f1, values: totals.map((row) => row.f1 ?? 0) },
          ]}
          yLabel="Score"
          yMax={1}
          ariaLabel="Precision, recall and F1 of each method"
        />
      </Card>
      <Card
        title={datasetName ? `Power against false-discovery rate: ${datasetName}` : 'Power against false-discovery rate'}
        description={`As the −log10 p threshold falls through every test, from the strongest down (GAPIT's power view); traits with known QTL pooled; the area under each curve in its label${datasetName ? ', on this dataset (the table above gives the mean area over the datasets)' : ''}.`}
        actions={
          <label className="flex items-center gap-2 text-sm text-stone-700">
            Window
            <select
              aria-label="Window of the power–FDR curves"
              className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
              value={CURVE_WINDOWS_BP[window]}
              onChange={(event) => onCurveWindowChange(Number(event.target.value))}
            >
              {CURVE_WINDOWS_BP.map((bp) => (
                <option key={bp} value={bp}>
                  {windowLabel(bp)}
                </option>
              ))}
            </select>
          </label>
        }
      >
        <ScatterChart
          series={curves}
          xLabel="False-discovery rate"
          yLabel="Power (share of known QTL found)"
          xMin={0}
          xMax={1}
          yMin={0}
          yMax={1}
          ariaLabel={`Power against false-discovery rate per method, window ${windowLabel(CURVE_WINDOWS_BP[window]!)}`}
        />
      </Card>
    </div>
  );
}
