import { useEffect, useMemo, useState } from 'react';
import { labelValue } from '../../../contract/benchmark-labels';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import {
  type AssociationTest,
  type DiscoveryScore,
  discoveryScores,
  type KnownQtl,
  powerFdrCurve,
  qqPoints,
  type SignificanceRule,
  meanSd,
  scoreDiscovery,
  significantTests,
} from '../../../contract/benchmark-metrics';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { readStoredText, saveBlob } from '../../lib/download';
import { useRecordId } from '../../lib/use-record-id';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { TextField } from '../../ui/TextField';
import { cutoffProblem, type DiscoveryView, defaultCutoff, MAX_WINDOW_MB, type RuleKind, ruleOf, viewFromQuery, viewToQuery, windowProblem } from './discovery-view';
import { genomeAxis } from './genome-axis';
import { BenchmarkList, BenchmarkProgress, FailedRunsNote, ResultFilesetsList, useBenchmark, useFilesetTables } from './result-filesets';

const ASSOCIATIONS = 'associations CSV';
const KNOWN_QTL = 'known-QTL CSV';
const COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e'];
const CHROMOSOME_SHADES = ['#1f2937', '#9ca3af'];

interface Method {
  name: string;
  tests: AssociationTest[];
  skipped: number;
  problems: string[];
}

const formatScore = (value: number | null) => (value === null ? '—' : value.toFixed(3));
const methodName = (fileName: string) => fileName.replace(/\.csv$/i, '');

/** One row of the scores table: a method's trait, or its total over traits. */
interface ScoreRow extends DiscoveryScore {
  method: string;
  total: boolean;
}

/** All traits of a method pooled: counts summed, scores from the sums. */
function pooled(method: string, scores: DiscoveryScore[]): ScoreRow {
  const sum = (key: 'tests' | 'hits' | 'knownQtl' | 'truePositives' | 'falsePositives' | 'falseNegatives') => scores.reduce((total, score) => total + score[key], 0);
  const tp = sum('truePositives');
  const fp = sum('falsePositives');
  const known = sum('knownQtl');
  return {
    method,
    total: true,
    trait: 'all traits',
    tests: sum('tests'),
    hits: sum('hits'),
    knownQtl: known,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: sum('falseNegatives'),
    ...discoveryScores(tp, fp, known),
  };
}

function toCsv(rows: ScoreRow[], windowMb: number, rule: string): string {
  const header = ['method', 'trait', 'tests', 'hits', 'known_qtl', 'true_positives', 'false_positives', 'false_negatives', 'precision', 'recall', 'f1', 'window_mb', 'rule'];
  const cell = (value: number | null) => (value === null ? 'NA' : String(value));
  const lines = rows.map((row) =>
    [row.method, row.trait, row.tests, row.hits, row.knownQtl, row.truePositives, row.falsePositives, row.falseNegatives, cell(row.precision), cell(row.recall), cell(row.f1), windowMb, rule]
      .map((value) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value)))
      .join(','),
  );
  return `${header.join(',')}\n${lines.join('\n')}\n`;
}

function ruleText(rule: SignificanceRule): string {
  if (rule.kind === 'threshold') return `−log10 p ≥ ${rule.minusLog10P}`;
  if (rule.kind === 'bonferroni') return `Bonferroni α = ${rule.alpha}`;
  return `FDR (Benjamini–Hochberg) q = ${rule.q}`;
}

function Manhattan({ method, qtl, trait, rule }: { method: Method; qtl: KnownQtl[]; trait: string; rule: SignificanceRule }) {
  const { series, ticks, length, threshold } = useMemo(() => {
    const tests = method.tests.filter((test) => test.trait === trait);
    const known = qtl.filter((one) => one.trait === trait);
    const axis = genomeAxis(tests, known);
    const byShade: Array<Array<{ x: number; y: number }>> = [[], []];
    for (const test of tests) {
      const shade = axis.order.indexOf(test.chromosome) % 2;
      byShade[shade]!.push({ x: axis.offsets.get(test.chromosome)! + test.position, y: Math.min(test.minusLog10P, 1e6) });
    }
    const top = tests.reduce((high, test) => (Number.isFinite(test.minusLog10P) ? Math.max(high, test.minusLog10P) : high), 1);
    // The rule as a line: the weakest −log10 p still called significant.
    const significant = significantTests(tests, rule);
    const weakest = significant.length > 0 ? significant.reduce((low, test) => Math.min(low, test.minusLog10P), Number.POSITIVE_INFINITY) : null;
    const lines: ScatterSeries[] = [
      { label: 'Markers (odd chromosomes)', color: CHROMOSOME_SHADES[0]!, points: byShade[0]!, radius: 1.5, hideInLegend: true, dense: true },
      { label: 'Markers (even chromosomes)', color: CHROMOSOME_SHADES[1]!, points: byShade[1]!, radius: 1.5, hideInLegend: true, dense: true },
      { label: 'Known QTL', color: '#dc2626', pointStyle: 'triangle', radius: 6, points: known.map((one) => ({ x: (axis.offsets.get(one.chromosome) ?? 0) + one.position, y: top * 1.05 })) },
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
    return { series: lines, ticks: axis.ticks, length: axis.length, threshold: weakest };
  }, [method, qtl, trait, rule]);
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
        {method.tests.filter((test) => test.trait === trait).length.toLocaleString('en')} markers · red triangles: known QTL of {trait}
        {threshold !== null ? ` · blue line: the weakest significant marker (−log10 p ${threshold.toFixed(2)})` : ' · nothing is significant under this rule'}
      </p>
    </div>
  );
}

/** The methods' association tables and the known QTL of a fileset. */
async function loadDiscovery(detail: FilesetDetail): Promise<{ methods: Method[]; qtl: { rows: KnownQtl[]; skipped: number; problems: string[]; name: string } }> {
  // The CSV reader loads with the tables, not with the page.
  const { parseAssociations, parseKnownQtl } = await import('./discovery-data');
  const associationFiles = detail.files.filter((file) => file.fileTypeName === ASSOCIATIONS);
  const qtlFile = detail.files.find((file) => file.fileTypeName === KNOWN_QTL);
  if (associationFiles.length === 0 || !qtlFile) {
    throw new Error(
      `this fileset needs at least one ${ASSOCIATIONS} and one ${KNOWN_QTL}; it holds ${detail.files.map((file) => file.fileTypeName ?? 'untyped').join(', ') || 'no files'}. Add them on Upload GDIP Results`,
    );
  }
  const [loaded, known] = await Promise.all([
    Promise.all(associationFiles.map(async (file) => ({ name: methodName(file.name), ...parseAssociations(await readStoredText(file.id), file.name) }))),
    readStoredText(qtlFile.id).then((text) => ({ name: qtlFile.name, ...parseKnownQtl(text, qtlFile.name) })),
  ]);
  return { methods: loaded.map((method) => ({ name: method.name, tests: method.rows, skipped: method.skipped, problems: method.problems })), qtl: known };
}

interface ScoredDataset {
  name: string;
  methods: Method[];
  qtl: { rows: KnownQtl[]; skipped: number; problems: string[]; name: string };
}

function DiscoveryResults({ id }: { id: string }) {
  const tables = useFilesetTables(id, loadDiscovery);
  if (tables.error) return <LoadError what={tables.what} error={tables.error} onRetry={tables.retry} />;
  if (!tables.detail || !tables.data) return <LoadingOverlay />;
  return <DiscoveryScoring title={tables.detail.name} datasets={[{ name: tables.detail.name, ...tables.data }]} />;
}

/** A discovery benchmark's datasets: each one's known QTL and its runs' association tables, named by method. */
async function loadDiscoveryBenchmark(byDataset: Map<string, RunSummary[]>): Promise<ScoredDataset[]> {
  const { parseAssociations, parseKnownQtl } = await import('./discovery-data');
  const loaded = await Promise.all(
    [...byDataset].map(async ([datasetId, datasetRuns]) => {
      const fileset = await request<FilesetDetail>(`filesets/${datasetId}`);
      const qtlFile = fileset.files.find((file) => file.fileTypeName === KNOWN_QTL);
      if (!qtlFile) throw new Error(`the dataset ${fileset.name} has no ${KNOWN_QTL}`);
      const qtl = { name: qtlFile.name, ...parseKnownQtl(await readStoredText(qtlFile.id), qtlFile.name) };
      const methods = await Promise.all(
        datasetRuns.map(async (run) => {
          const outputs = await request<Page<StoredFile>>(`files?runId=${run.id}&fileType=${encodeURIComponent(ASSOCIATIONS)}&pageSize=5`);
          const table = outputs.data.find((file) => file.name.endsWith('associations.csv')) ?? outputs.data[0];
          if (!table) throw new Error(`run ${run.name} registered no ${ASSOCIATIONS}`);
          const parsed = parseAssociations(await readStoredText(table.id), table.name);
          return { name: labelValue(run.labels, 'method') ?? run.name, tests: parsed.rows, skipped: parsed.skipped, problems: parsed.problems };
        }),
      );
      return { name: fileset.name, methods: methods.sort((x, y) => x.name.localeCompare(y.name)), qtl };
    }),
  );
  return loaded.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }));
}

/** A discovery benchmark: its GDIP runs (method × dataset, by their labels), each scored against its dataset's known QTL. */
function BenchmarkResults({ groupId }: { groupId: string }) {
  const benchmark = useBenchmark(groupId, loadDiscoveryBenchmark);
  if (benchmark.failure) return <LoadError what="the benchmark" error={benchmark.failure} onRetry={benchmark.retry} />;
  if (!benchmark.group) return <LoadingOverlay />;
  if (!benchmark.ready) return <BenchmarkProgress group={benchmark.group} progress={benchmark.progress} />;
  if (!benchmark.data) return <LoadingOverlay />;
  return (
    <div className="grid gap-4">
      <FailedRunsNote group={benchmark.group} progress={benchmark.progress} />
      <DiscoveryScoring title={benchmark.group.name} datasets={benchmark.data} />
    </div>
  );
}

const fmt = (value: { mean: number | null; sd: number | null }) => (value.mean === null ? '—' : `${value.mean.toFixed(3)}${value.sd === null ? '' : ` ± ${value.sd.toFixed(3)}`}`);

/**
 * The scores of one or more datasets (a benchmark's replicates): per dataset the table and charts,
 * and across datasets each method's precision, recall and F1 as mean ± sd.
 */
function DiscoveryScoring({ title, datasets }: { title: string; datasets: ScoredDataset[] }) {
  const [datasetIndex, setDatasetIndex] = useState(0);
  const current = datasets[Math.min(datasetIndex, datasets.length - 1)]!;
  const methods = current.methods;
  const qtl = current.qtl;
  // Scoring is only shown in the browser, after its data has loaded, so the address can be read at once.
  const [initial] = useState(() => viewFromQuery(window.location.search));
  const [windowText, setWindowText] = useState(String(initial.windowMb));
  const [ruleKind, setRuleKind] = useState<RuleKind>(initial.ruleKind);
  const [ruleValue, setRuleValue] = useState(String(initial.cutoff));
  const [trait, setTrait] = useState<string | null>(null);
  const windowError = windowProblem(windowText);
  const cutoffError = cutoffProblem(ruleKind, ruleValue);

  // The scores follow the last valid choice; a value out of bounds is named on its field, never scored.
  const [view, setView] = useState<DiscoveryView>(initial);
  useEffect(() => {
    setView((previous) => {
      const next = {
        windowMb: windowError ? previous.windowMb : Number(windowText),
        ruleKind: cutoffError ? previous.ruleKind : ruleKind,
        cutoff: cutoffError ? previous.cutoff : Number(ruleValue),
      };
      return next.windowMb === previous.windowMb && next.ruleKind === previous.ruleKind && next.cutoff === previous.cutoff ? previous : next;
    });
  }, [windowText, ruleKind, ruleValue, windowError, cutoffError]);
  useEffect(() => {
    const query = viewToQuery(view, window.location.search);
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }, [view]);

  const windowMb = view.windowMb;
  const windowBp = windowMb * 1_000_000;
  const rule = useMemo<SignificanceRule>(() => ruleOf(view), [view]);

  const results = useMemo(() => {
    if (!methods || !qtl) return null;
    const rows: ScoreRow[] = [];
    const totals: ScoreRow[] = [];
    for (const method of methods) {
      const scores = scoreDiscovery(method.tests, qtl.rows, rule, windowBp);
      rows.push(...scores.map((score) => ({ ...score, method: method.name, total: false })));
      const total = pooled(method.name, scores);
      if (scores.length > 1) rows.push(total);
      totals.push(total);
    }
    const curves: ScatterSeries[] = methods.map((method, index) => ({
      label: method.name,
      color: COLORS[index % COLORS.length]!,
      line: true,
      radius: 2,
      points: powerFdrCurve(method.tests, qtl.rows, windowBp).map((point) => ({ x: point.fdr, y: point.power })),
    }));
    return { rows, totals, curves };
  }, [methods, qtl, rule, windowBp]);

  const traits = useMemo(() => [...new Set([...(methods ?? []).flatMap((method) => method.tests.map((test) => test.trait)), ...(qtl?.rows ?? []).map((one) => one.trait)])].sort(), [methods, qtl]);
  const shownTrait = trait && traits.includes(trait) ? trait : (traits[0] ?? null);
  const qq = useMemo<ScatterSeries[]>(() => {
    if (!methods || !shownTrait) return [];
    const series: ScatterSeries[] = methods.map((method, index) => ({
      label: method.name,
      color: COLORS[index % COLORS.length]!,
      radius: 1.5,
      dense: true,
      points: qqPoints(method.tests.filter((test) => test.trait === shownTrait)).map((point) => ({ x: point.expected, y: Math.min(point.observed, 1e6) })),
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
  }, [methods, shownTrait]);

  const across = useMemo(() => {
    if (datasets.length < 2) return null;
    const perDataset = datasets.map((dataset) => dataset.methods.map((method) => ({ method: method.name, scores: scoreDiscovery(method.tests, dataset.qtl.rows, rule, windowBp) })));
    const names = [...new Set(datasets.flatMap((dataset) => dataset.methods.map((method) => method.name)))];
    const rows = names.flatMap((method) => {
      const scores = perDataset.flatMap((entries) => entries.filter((entry) => entry.method === method).flatMap((entry) => entry.scores));
      const traitNames = [...new Set(scores.map((score) => score.trait))].sort();
      return traitNames.map((traitName) => {
        const own = scores.filter((score) => score.trait === traitName);
        return {
          method,
          trait: traitName,
          datasets: own.length,
          precision: meanSd(own.map((score) => score.precision)),
          recall: meanSd(own.map((score) => score.recall)),
          f1: meanSd(own.map((score) => score.f1)),
          truePositives: meanSd(own.map((score) => score.truePositives)),
          falsePositives: meanSd(own.map((score) => score.falsePositives)),
        };
      });
    });
    const pooledF1 = names.map((method) => meanSd(perDataset.map((entries) => pooled(method, entries.find((entry) => entry.method === method)?.scores ?? []).f1)));
    return { rows, names, pooledF1 };
  }, [datasets, rule, windowBp]);

  if (!results) return <LoadingOverlay />;

  const skippedNotes = [
    ...methods.filter((method) => method.skipped > 0).map((method) => `${method.name}: ${method.skipped} rows skipped (${method.problems.join('; ')})`),
    ...(qtl.skipped > 0 ? [`${qtl.name}: ${qtl.skipped} rows skipped (${qtl.problems.join('; ')})`] : []),
  ];

  return (
    <div className="grid gap-6">
      <Card
        title={title}
        description={`${methods.length} method${methods.length === 1 ? '' : 's'} (${methods.map((method) => method.name).join(', ')}) scored against ${qtl.rows.length} known QTL from ${qtl.name}.`}
      >
        <div className="flex flex-wrap items-end gap-4 text-sm">
          {datasets.length > 1 && (
            <label className="grid gap-1 font-medium text-stone-700">
              Dataset shown
              <select className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm" value={datasetIndex} onChange={(event) => setDatasetIndex(Number(event.target.value))}>
                {datasets.map((dataset, index) => (
                  <option key={dataset.name} value={index}>
                    {dataset.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <TextField
            label="Window (Mb)"
            className="max-w-64"
            type="number"
            min="0"
            max={MAX_WINDOW_MB}
            step="0.1"
            value={windowText}
            error={windowError ? `${windowError} Scores use ${windowMb} Mb meanwhile.` : undefined}
            onChange={(event) => setWindowText(event.target.value)}
          />
          <label className="grid gap-1 font-medium text-stone-700">
            Significant when
            <select
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
              value={ruleKind}
              onChange={(event) => {
                const kind = event.target.value as RuleKind;
                setRuleKind(kind);
                setRuleValue(String(defaultCutoff(kind)));
              }}
            >
              <option value="threshold">−log10 p at least</option>
              <option value="bonferroni">Bonferroni, α</option>
              <option value="fdr">FDR (Benjamini–Hochberg), q</option>
            </select>
          </label>
          <TextField
            label={ruleKind === 'threshold' ? '−log10 p' : ruleKind === 'bonferroni' ? 'α' : 'q'}
            className="max-w-64"
            type="number"
            step={ruleKind === 'threshold' ? '0.5' : '0.01'}
            min="0"
            value={ruleValue}
            error={cutoffError ? `${cutoffError} Scores use ${ruleText(rule)} meanwhile.` : undefined}
            onChange={(event) => setRuleValue(event.target.value)}
          />
          <p className="text-xs text-stone-500">
            A significant marker is a true hit when a known QTL of its trait lies within the window on its chromosome; a QTL found by several markers counts once. Scores are recomputed as you change
            these.{' '}
            <a className="text-emerald-800 hover:underline" href="/docs/reference/metrics/discovery/">
              How the scores are defined
            </a>
          </p>
        </div>
        {skippedNotes.length > 0 && (
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200" role="status">
            {skippedNotes.join(' · ')}
          </p>
        )}
      </Card>

      {across && (
        <Card
          title={`Across ${datasets.length} datasets`}
          description="Each method's scores per trait over the datasets (replicates): mean ± standard deviation. Precision is left out of a dataset where the method called nothing."
        >
          <SimpleTable
            label="Scores across datasets"
            dense
            rows={across.rows}
            rowKey={(row) => `${row.method}/${row.trait}`}
            columns={[
              { header: 'Method', className: 'font-medium', cell: (row) => row.method },
              { header: 'Trait', cell: (row) => row.trait },
              { header: 'Datasets', align: 'right', cell: (row) => row.datasets },
              { header: 'TP', align: 'right', cell: (row) => fmt(row.truePositives) },
              { header: 'FP', align: 'right', cell: (row) => fmt(row.falsePositives) },
              { header: 'Precision', align: 'right', cell: (row) => fmt(row.precision) },
              { header: 'Recall', align: 'right', cell: (row) => fmt(row.recall) },
              { header: 'F1', align: 'right', className: 'font-medium', cell: (row) => fmt(row.f1) },
            ]}
          />
          <div className="mt-4">
            <BarChart
              labels={across.names}
              series={[
                {
                  label: 'F1, all traits pooled (mean ± sd over datasets)',
                  color: '#1d4ed8',
                  values: across.pooledF1.map((value) => value.mean ?? 0),
                  errors: across.pooledF1.map((value) => value.sd),
                },
              ]}
              yLabel="F1"
              yMax={1}
              ariaLabel="F1 of each method across datasets"
            />
          </div>
        </Card>
      )}

      <Card
        title={datasets.length > 1 ? `Scores per method and trait: ${current.name}` : 'Scores per method and trait'}
        actions={
          <Button size="sm" onClick={() => saveBlob(new Blob([toCsv(results.rows, windowMb, ruleText(rule))], { type: 'text/csv' }), `${current.name}-discovery-scores.csv`)}>
            Export CSV
          </Button>
        }
      >
        <SimpleTable<ScoreRow>
          label="Discovery scores"
          dense
          rows={results.rows}
          rowKey={(row) => `${row.method}/${row.trait}`}
          columns={[
            { header: 'Method', className: 'font-medium', cell: (row) => (row.total ? '' : row.method) },
            { header: 'Trait', cell: (row) => (row.total ? <span className="font-medium">{row.method}, all traits</span> : row.trait) },
            { header: 'Tests', align: 'right', cell: (row) => row.tests.toLocaleString('en') },
            { header: 'Hits', align: 'right', cell: (row) => row.hits.toLocaleString('en') },
            { header: 'Known QTL', align: 'right', cell: (row) => row.knownQtl },
            { header: 'TP', align: 'right', cell: (row) => row.truePositives },
            { header: 'FP', align: 'right', cell: (row) => row.falsePositives },
            { header: 'FN', align: 'right', cell: (row) => row.falseNegatives },
            { header: 'Precision', align: 'right', cell: (row) => formatScore(row.precision) },
            { header: 'Recall', align: 'right', cell: (row) => formatScore(row.recall) },
            { header: 'F1', align: 'right', className: 'font-medium', cell: (row) => formatScore(row.f1) },
          ]}
        />
      </Card>

      <Card
        title="Manhattan and QQ plots"
        actions={
          <label className="flex items-center gap-2 text-sm text-stone-700">
            Trait
            <select className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm" value={shownTrait ?? ''} onChange={(event) => setTrait(event.target.value)}>
              {traits.map((name) => (
                <option key={name} value={name}>
                  {name}
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
                <Manhattan method={method} qtl={qtl.rows} trait={shownTrait} rule={rule} />
              </section>
            ))}
            <section aria-label="QQ plot">
              <h3 className="mb-2 text-sm font-semibold text-stone-800">QQ plot, {shownTrait}</h3>
              <ScatterChart series={qq} xLabel="Expected −log10 p" yLabel="Observed −log10 p" xMin={0} yMin={0} ariaLabel={`QQ plot of trait ${shownTrait}`} />
            </section>
          </div>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Methods compared" description="All traits pooled. A missing precision bar means the method called nothing significant.">
          <BarChart
            labels={results.totals.map((row) => row.method)}
            series={[
              { label: 'Precision', color: '#047857', values: results.totals.map((row) => row.precision ?? 0) },
              { label: 'Recall', color: '#b45309', values: results.totals.map((row) => row.recall ?? 0) },
              { label: 'F1', color: '#1d4ed8', values: results.totals.map((row) => row.f1 ?? 0) },
            ]}
            yLabel="Score"
            yMax={1}
            ariaLabel="Precision, recall and F1 of each method"
          />
        </Card>
        <Card title="Power against false-discovery rate" description="As the −log10 p threshold falls from the strongest marker down (GAPIT's power view); all traits pooled.">
          <ScatterChart
            series={results.curves}
            xLabel="False-discovery rate"
            yLabel="Power (share of known QTL found)"
            xMin={0}
            xMax={1}
            yMin={0}
            yMax={1}
            ariaLabel="Power against false-discovery rate per method"
          />
        </Card>
      </div>
    </div>
  );
}

/**
 * `/benchmarking/discovery/results/fileset`: the filesets that hold association results and known
 * QTL; with `?id=`, one of them scored — per method and trait, with the window and significance
 * rule adjustable and the scores recomputed at once, a Manhattan plot per method with the known
 * QTL marked, a QQ plot, power against FDR, and the methods compared.
 */
export default function DiscoveryResultsPage() {
  const id = useRecordId();
  const groupId = useQueryParam('group', RECORD_ID);
  const detail = Boolean(id || groupId);
  return (
    <ConsoleShell title="Discovery results" route={ROUTES.discoveryResults} {...(detail ? { backHref: ROUTES.discoveryResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined ? null : groupId ? (
        <BenchmarkResults groupId={groupId} />
      ) : id ? (
        <DiscoveryResults id={id} />
      ) : (
        <div className="grid gap-6">
          <BenchmarkList
            route={ROUTES.discoveryResults}
            kind="discovery-benchmark"
            launchRoute={ROUTES.discoveryLaunch}
            description="Discovery methods launched on known datasets from Launch discovery, scored when their runs end."
          />
          <ResultFilesetsList
            route={ROUTES.discoveryResults}
            fileTypes={[ASSOCIATIONS, KNOWN_QTL]}
            what="association results with known QTL"
            description={`Uploaded results: filesets holding one or more ${ASSOCIATIONS} tables (one per method) and a ${KNOWN_QTL}. Upload them together on Upload GDIP Results, naming one fileset.`}
          />
        </div>
      )}
    </ConsoleShell>
  );
}
