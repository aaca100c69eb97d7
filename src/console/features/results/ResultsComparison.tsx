import { useId, useMemo, useState } from 'react';
import type { RunSummaries } from '../../../contract/reports';
import { MAX_RUN_SUMMARY_IDS } from '../../../contract/run-summaries-limit';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { ScatterChart } from '../../ui/charts/ScatterChart';
import { CompareTable, sideBySide } from '../../ui/CompareTable';
import { LoadError } from '../../ui/LoadError';
import { flatParams } from '../runs/run-params';
import { RESULT_COLORS } from './ReportChartView';
import { formatNumberOf } from './report-format';

export interface ComparedRun {
  id: number;
  name: string;
  color: string;
}

type Summary = RunSummaries['summaries'][number];

/** The parameter's value in each run as a number, or null when one of them is not a number. */
function numericValues(summaries: Summary[], parameter: string): number[] | null {
  const values = summaries.map((summary) => Number(flatParams(summary.params).get(parameter)));
  return values.every(Number.isFinite) ? values : null;
}

/** A chosen number against a chosen parameter, one point per run (MLflow's parameter-versus-metric view). */
function ParameterChart({ summaries, runs }: { summaries: Summary[]; runs: ComparedRun[] }) {
  const numberKeys = useMemo(() => [...new Set(summaries.flatMap((summary) => summary.numbers.map((number) => number.key)))], [summaries]);
  const parameters = useMemo(() => {
    const keys = sideBySide(summaries.map((summary) => flatParams(summary.params)));
    // Parameters that differ first: the ones a comparison is about.
    return [...keys.filter((row) => row.differs), ...keys.filter((row) => !row.differs)].map((row) => row.key).filter((key) => key !== 'outdir');
  }, [summaries]);
  const [chosenNumber, setNumber] = useState<string | null>(null);
  const [chosenParameter, setParameter] = useState<string | null>(null);
  const number = chosenNumber ?? numberKeys[0] ?? '';
  const parameter = chosenParameter ?? parameters[0] ?? '';
  const numberId = useId();
  const parameterId = useId();
  const chart = useMemo(() => {
    const numeric = numericValues(summaries, parameter);
    // A parameter of words (a model, a method) goes along the axis in the order met, one tick per value.
    const words = numeric ? [] : [...new Set(summaries.map((summary) => flatParams(summary.params).get(parameter) ?? '—'))];
    const series = summaries.flatMap((summary, index) => {
      const y = summary.numbers.find((entry) => entry.key === number)?.value ?? null;
      if (y === null) return [];
      const x = numeric ? numeric[index]! : words.indexOf(flatParams(summary.params).get(parameter) ?? '—');
      const run = runs.find((entry) => entry.id === summary.runId);
      return [{ label: run?.name ?? `Run ${summary.runId}`, color: run?.color ?? RESULT_COLORS[0]!, radius: 6, points: [{ x, y }] }];
    });
    return { series, ticks: numeric ? undefined : words.map((label, value) => ({ value, label })), missing: summaries.length - series.length };
  }, [summaries, runs, number, parameter]);
  if (numberKeys.length === 0 || parameters.length === 0) return null;
  const select = 'mt-1 block w-full rounded-md border border-stone-300 bg-white px-2 py-2 text-sm text-stone-800 sm:w-72';
  return (
    <div className="mt-6">
      <div className="flex flex-wrap gap-4">
        <label htmlFor={numberId} className="text-sm font-medium text-stone-700">
          Number
          <select id={numberId} className={select} value={number} onChange={(event) => setNumber(event.target.value)}>
            {numberKeys.map((key) => (
              <option key={key}>{key}</option>
            ))}
          </select>
        </label>
        <label htmlFor={parameterId} className="text-sm font-medium text-stone-700">
          Against the parameter
          <select id={parameterId} className={select} value={parameter} onChange={(event) => setParameter(event.target.value)}>
            {parameters.map((key) => (
              <option key={key}>{key}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-4" data-testid="parameter-chart" data-number={number} data-parameter={parameter}>
        <ScatterChart series={chart.series} xTicks={chart.ticks} xLabel={parameter} yLabel={number} ariaLabel={`${number} against ${parameter}, one point per run`} />
        {chart.missing > 0 && (
          <p className="mt-1 text-xs text-stone-500">
            {chart.missing} of the runs have no value of {number} and are not drawn.
          </p>
        )}
      </div>
    </div>
  );
}

/** The runs' declared summary numbers side by side (one request for all), and a number drawn against a parameter. */
export function ResultsComparison({ runs }: { runs: ComparedRun[] }) {
  const ids = runs.map((run) => run.id).slice(0, MAX_RUN_SUMMARY_IDS);
  const { data, error, reload } = useRequest<RunSummaries>(ids.length > 0 ? `run-summaries?ids=${ids.join(',')}` : null);
  const rows = useMemo(
    () =>
      data
        ? sideBySide(
            data.summaries.map((summary) => new Map(summary.numbers.map((number) => [number.key, formatNumberOf(number)]))),
            'first-seen',
          )
        : [],
    [data],
  );
  const columns = useMemo(() => (data ? data.summaries.map((summary) => runs.find((run) => run.id === summary.runId)!).filter(Boolean) : []), [data, runs]);
  const description = 'The summary numbers each pipeline’s report declares, side by side; rows that differ are shaded';
  if (error && !data)
    return (
      <Card title="Results" description={description}>
        <LoadError what="the runs’ results" error={error} onRetry={reload} />
      </Card>
    );
  if (!data)
    return (
      <Card title="Results" description={description}>
        <p className="text-sm text-stone-500">Reading the runs’ results…</p>
      </Card>
    );
  const problems = [...new Set(data.summaries.flatMap((summary) => summary.problems))];
  return (
    <Card title="Results" description={description}>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-500">None of these runs’ pipelines declares summary numbers (report.json).</p>
      ) : (
        <CompareTable title="Results" keyHeader="Number" rows={rows} columns={columns} differencesOnly={false} />
      )}
      {problems.length > 0 && (
        <details className="mt-3 text-sm text-amber-900">
          <summary className="cursor-pointer">{problems.length === 1 ? 'One number could not be read' : `${problems.length} numbers could not be read`}</summary>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </details>
      )}
      <ParameterChart summaries={data.summaries} runs={columns} />
    </Card>
  );
}

/** A run group's results: its runs (the 50 newest) compared as the comparison page compares them. */
export function GroupResults({ groupId, refreshKey }: { groupId: number; refreshKey?: unknown }) {
  const { data, error, reload } = useRequest<Page<RunSummary>>(`runs?groupId=${groupId}&pageSize=${MAX_RUN_SUMMARY_IDS}`, refreshKey);
  const runs = useMemo(() => (data?.data ?? []).map((run, index) => ({ id: run.id, name: run.name, color: RESULT_COLORS[index % RESULT_COLORS.length]! })), [data]);
  if (error && !data) return <LoadError what="the group’s runs" error={error} onRetry={reload} />;
  if (!data || runs.length === 0) return null;
  return <ResultsComparison runs={runs} />;
}

export default ResultsComparison;
