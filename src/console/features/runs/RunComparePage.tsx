import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { PipelineDetail, PipelineList } from '../../../contract/pipelines';
import type { ProcessMetrics, RunDetail, RunMetrics, RunOutputs } from '../../../contract/runs';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { formatBytes, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { CompareTable, DifferencesOnlySwitch, idsFromAddress, sideBySide } from '../../ui/CompareTable';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { FileParamsList } from './FileReference';
import { sameInputGroups } from './reproducibility';
import { comparedParams, fileParams, schemaDefaults } from './run-params';
import { SameInputsCard } from './SameInputsCard';
import { StatusBadge } from './status';
import { useReferencedFiles } from './use-referenced-files';

/** The results card (its chart) loads after the page. */
const ResultsComparison = lazy(() => import('../results/ResultsComparison'));
const COLORS = ['#047857', '#b45309', '#1d4ed8', '#be185d', '#6d28d9', '#0f766e', '#a16207', '#475569'];
const LIST = ROUTES.runs;

interface Compared {
  run: RunDetail;
  metrics: RunMetrics;
  outputs: RunOutputs;
  /** Its pipeline's parameter defaults (empty when the pipeline is no longer in the catalogue). */
  defaults: ReadonlyMap<string, unknown>;
}

/** One row per process (in the order the runs report them), one cell per run. */
function perProcess(compared: Compared[] | null, cell: (process: ProcessMetrics) => string | null) {
  return compared
    ? sideBySide(
        compared.map(({ metrics }) => new Map(metrics.processes.map((process) => [process.process, cell(process) ?? '—']))),
        'first-seen',
      )
    : [];
}

const elapsed = (run: RunDetail) => (run.startedAt ? (run.completedAt ? Date.parse(run.completedAt) : Date.now()) - Date.parse(run.startedAt) : null);

function Comparison() {
  const [ids, setIds] = useState<number[] | undefined>(undefined);
  const [compared, setCompared] = useState<Compared[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // Every row first; hiding the equal ones is on request (the product's word), as a reader checks what was the same too.
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const pipelines = useRequest<PipelineList>('pipelines');

  const load = useCallback(async (which: number[]) => {
    setError(null);
    try {
      const loaded = await Promise.all(
        which.map(async (id) => {
          const [run, metrics, outputs] = await Promise.all([request<RunDetail>(`runs/${id}`), request<RunMetrics>(`runs/${id}/metrics`), request<RunOutputs>(`runs/${id}/outputs`)]);
          return { run, metrics, outputs };
        }),
      );
      // Each pipeline's defaults once; a pipeline gone from the catalogue has none to show (its cells say —).
      const pipelineIds = [...new Set(loaded.map(({ run }) => run.pipelineId))];
      const defaults = new Map(
        await Promise.all(
          pipelineIds.map(
            async (id) =>
              [
                id,
                await request<PipelineDetail>(`pipelines/${id}`).then(
                  (detail) => schemaDefaults(detail.schema),
                  () => new Map<string, unknown>(),
                ),
              ] as const,
          ),
        ),
      );
      setCompared(loaded.map((entry) => ({ ...entry, defaults: defaults.get(entry.run.pipelineId) ?? new Map() })));
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    }
  }, []);

  useEffect(() => {
    const which = idsFromAddress(COLORS.length);
    setIds(which);
    if (which.length >= 2) void load(which);
  }, [load]);

  const columns = useMemo(() => compared?.map(({ run }, index) => ({ id: run.id, name: run.name, color: COLORS[index]! })) ?? [], [compared]);
  const params = useMemo(() => (compared ? comparedParams(compared.map(({ run, defaults }) => ({ params: run.params, defaults }))) : []), [compared]);
  // Each stored file the compared runs read, once, by its reference as the table shows it.
  const referenced = useMemo(
    () => [...new Map((compared ?? []).flatMap(({ run }) => fileParams(run.params)).map((param) => [param.reference, { ...param, key: param.reference }])).values()],
    [compared],
  );
  // The inputs' and the outputs' stored files, in one request: names for the table, checksums for Same inputs.
  const outputFileIds = (compared ?? []).flatMap(({ outputs }) => outputs.outputs.flatMap((output) => (output.fileId === null ? [] : [output.fileId])));
  const files = useReferencedFiles([...referenced.map((param) => param.fileId), ...outputFileIds]);
  const sameInputs = useMemo(() => {
    const checksumOf = (id: number) => {
      const file = files.get(id);
      return file && file !== 'deleted' ? file.sha256 : undefined;
    };
    return sameInputGroups(
      (compared ?? []).map(({ run, outputs }) => ({ ...run, outputs: outputs.outputs })),
      checksumOf,
    );
  }, [compared, files]);
  const durations = useMemo(() => perProcess(compared, (process) => process.durationMs && `${formatDuration(process.durationMs.median)} · max ${formatDuration(process.durationMs.max)}`), [compared]);
  const memory = useMemo(() => perProcess(compared, (process) => process.peakRssBytes && `${formatBytes(process.peakRssBytes.median)} · max ${formatBytes(process.peakRssBytes.max)}`), [compared]);
  const chart = useMemo(() => {
    const processes = durations.map((row) => row.key);
    return {
      processes,
      series: (compared ?? []).map(({ run, metrics }, index) => ({
        label: run.name,
        color: COLORS[index]!,
        values: processes.map((name) => (metrics.processes.find((process) => process.process === name)?.durationMs?.median ?? 0) / 1000),
      })),
    };
  }, [compared, durations]);

  if (ids === undefined) return null;
  if (ids.length < 2)
    return <LoadError what="the comparison" error={new Error('pick two or more runs on the runs list (tick them, then Compare), or give ?ids=1,2')} onRetry={() => window.location.assign(LIST)} />;
  if (error) return <LoadError what="the compared runs" error={error} onRetry={() => void load(ids)} />;
  if (!compared) return <LoadingOverlay />;
  const labelOf = (pipelineId: string) => pipelines.data?.data.find((pipeline) => pipeline.id === pipelineId)?.label ?? pipelineId;

  return (
    <div className="grid gap-6">
      <Card title={`${compared.length} runs`} description="Status, pipeline and duration of each">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Compared runs">
          {compared.map(({ run }, index) => (
            <li key={run.id} className="grid gap-1 rounded-lg p-3 text-sm ring-1 ring-stone-200">
              <span className="flex flex-wrap items-center gap-2">
                <span className="inline-block size-3 rounded-full" style={{ backgroundColor: COLORS[index] }} aria-hidden />
                <a href={viewRoute(ROUTES.runView, run.id)} className="min-w-0 font-medium wrap-anywhere text-emerald-800 hover:underline">
                  {run.name}
                </a>
                <StatusBadge status={run.status} />
              </span>
              <span className="text-stone-600">
                {labelOf(run.pipelineId)} @ {run.revision} · {run.engine}
              </span>
              <span className="text-stone-600">
                {formatDuration(elapsed(run))} · {run.progress.done} of {run.progress.total} tasks done{run.progress.failed > 0 ? `, ${run.progress.failed} failed` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        title="Parameters"
        description="Side by side; rows that differ are shaded. A parameter a run was not given shows its pipeline's default in today's catalogue."
        actions={<DifferencesOnlySwitch checked={differencesOnly} onChange={setDifferencesOnly} />}
      >
        <CompareTable title="Parameters" keyHeader="Parameter" rows={params} columns={columns} differencesOnly={differencesOnly} />
        <FileParamsList className="mt-4" label="Stored files in the compared parameters" params={referenced} files={files} />
      </Card>
      <SameInputsCard groups={sameInputs} checked={files.size > 0 || (referenced.length === 0 && outputFileIds.length === 0)} />
      <Suspense fallback={null}>
        <ResultsComparison runs={columns} />
      </Suspense>
      <Card title="Processes" description="Per process: the median task duration and the longest, and the median and largest peak memory">
        {chart.processes.length > 0 && (
          <div className="mb-6">
            <BarChart labels={chart.processes} series={chart.series} yLabel="Median task duration (s)" ariaLabel="Median task duration per process, run by run" />
          </div>
        )}
        <h3 className="mb-1 text-sm font-semibold text-stone-800">Task duration</h3>
        <CompareTable title="Task duration per process" keyHeader="Process" rows={durations} columns={columns} differencesOnly={false} />
        <h3 className="mt-6 mb-1 text-sm font-semibold text-stone-800">Peak memory</h3>
        <CompareTable title="Peak memory per process" keyHeader="Process" rows={memory} columns={columns} differencesOnly={false} />
      </Card>
      <Card title="Outputs" description="What each run wrote">
        <div className="grid gap-6 lg:grid-cols-2">
          {compared.map(({ run, outputs }, index) => (
            <section key={run.id} aria-label={`Outputs of ${run.name}`}>
              <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-stone-800">
                <span className="inline-block size-2.5 shrink-0 rounded-full" style={{ backgroundColor: COLORS[index] }} aria-hidden />
                <span className="min-w-0 wrap-anywhere">{run.name}</span>
              </h3>
              {outputs.outputs.length === 0 ? (
                <p className="text-sm text-stone-500">{outputs.local ? 'No files.' : `Written to ${outputs.location}, outside this server.`}</p>
              ) : (
                <SimpleTable
                  label={`Outputs of ${run.name}`}
                  dense
                  rows={outputs.outputs}
                  rowKey={(output) => output.path}
                  columns={[
                    { header: 'File', className: 'font-mono text-xs', cell: (output) => output.path },
                    { header: 'Type', cell: (output) => output.fileType ?? <span className="text-stone-400">untyped</span> },
                    { header: 'Size', align: 'right', className: 'tabular-nums', cell: (output) => formatBytes(output.sizeBytes) },
                  ]}
                />
              )}
            </section>
          ))}
        </div>
      </Card>
    </div>
  );
}

/** `/tools/pipeline/monitor/pipeline-run/compare?ids=`: two or more runs side by side. */
export default function RunComparePage() {
  return (
    <ConsoleShell title="Compare runs" route={ROUTES.runCompare} backHref={LIST} backLabel="Runs">
      <Comparison />
    </ConsoleShell>
  );
}
