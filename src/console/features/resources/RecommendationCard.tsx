import { type FormEvent, useEffect, useState } from 'react';
import type { PipelineList } from '../../../contract/pipelines';
import type { ProcessRecommendation, Recommendation, RecommendationQueryInput } from '../../../contract/resources';
import { notify } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { formatBytes, formatDuration } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable, type SimpleColumn } from '../../ui/SimpleTable';

const INPUT = 'mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-emerald-600';

/** The query as the API reads it: empty fields left out. */
export function recommendationPath(query: RecommendationQueryInput, config = false): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  return `resources/recommendations${config ? '/config' : ''}?${search}`;
}

/** The API's field names where the form's differ (GB in the form, bytes in the API). */
const ERROR_KEYS: Record<string, string> = { minInputGb: 'minInputBytes', maxInputGb: 'maxInputBytes' };

const fitText = (process: ProcessRecommendation) => {
  const fit = process.memory.fit;
  if (!fit) return null;
  return `Memory grows with input: about ${formatBytes(fit.interceptBytes)} + ${fit.bytesPerInputByte.toFixed(2)} × bytes read (r² ${fit.r2.toFixed(2)}, ${fit.tasks} tasks)`;
};

const COLUMNS: Array<SimpleColumn<ProcessRecommendation>> = [
  { header: 'Process', className: 'font-mono text-xs', cell: (row) => row.process },
  { header: 'Tasks', align: 'right', cell: (row) => row.tasks },
  {
    header: 'CPUs',
    cell: (row) => (
      <span className="whitespace-nowrap">
        <strong>{row.cpus.recommended}</strong>
        <span className="text-stone-500">
          {' '}
          (used ≤ {row.cpus.usedMax?.toFixed(1) ?? '—'}, asked {row.cpus.requestedMax ?? '—'})
        </span>
      </span>
    ),
  },
  {
    header: 'Memory',
    cell: (row) => (
      <span className="whitespace-nowrap">
        <strong>{formatBytes(row.memory.recommendedBytes)}</strong>
        <span className="text-stone-500">
          {' '}
          (peak ≤ {row.memory.peakMaxBytes === null ? '—' : formatBytes(row.memory.peakMaxBytes)}, asked {row.memory.requestedMaxBytes === null ? '—' : formatBytes(row.memory.requestedMaxBytes)})
        </span>
      </span>
    ),
  },
  {
    header: 'Time',
    cell: (row) => (
      <span className="whitespace-nowrap">
        <strong>{formatDuration(row.time.recommendedMs)}</strong>
        <span className="text-stone-500">
          {' '}
          (longest {formatDuration(row.time.realtimeMaxMs)}, asked {formatDuration(row.time.requestedMaxMs)})
        </span>
      </span>
    ),
  },
  {
    header: 'Retries and notes',
    cell: (row) => (
      <span className="block min-w-64 text-xs text-stone-600">
        {row.killedForMemory > 0 && (
          <span className="block text-red-800">
            {row.killedForMemory} killed for memory: a retry asks for {row.memory.retryBytes === null ? '—' : formatBytes(row.memory.retryBytes)}
          </span>
        )}
        {row.killedForTime > 0 && <span className="block text-red-800">{row.killedForTime} killed for time</span>}
        {row.input && (
          <span className="block">
            Inputs {formatBytes(row.input.minBytes)}–{formatBytes(row.input.maxBytes)} read
          </span>
        )}
        {fitText(row) && <span className="block font-medium text-emerald-900">{fitText(row)}</span>}
      </span>
    ),
  },
];

const change = (before: number, after: number) => (before > 0 ? `${after <= before ? '−' : '+'}${Math.abs(Math.round((1 - after / before) * 100))} %` : '—');

function Savings({ recommendation }: { recommendation: Recommendation }) {
  const { totals } = recommendation;
  return (
    <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="recommendation-savings">
      <div className="rounded-lg bg-stone-50 px-4 py-3">
        <dt className="text-stone-600">Memory the same tasks asked for → would have asked for</dt>
        <dd className="mt-1 font-semibold text-stone-900 tabular-nums">
          {totals.requestedGbHours.toFixed(1)} → {totals.recommendedGbHours.toFixed(1)} GB-hours ({change(totals.requestedGbHours, totals.recommendedGbHours)})
        </dd>
      </div>
      <div className="rounded-lg bg-stone-50 px-4 py-3">
        <dt className="text-stone-600">CPUs the same tasks asked for → would have asked for</dt>
        <dd className="mt-1 font-semibold text-stone-900 tabular-nums">
          {totals.requestedCpuHours.toFixed(1)} → {totals.recommendedCpuHours.toFixed(1)} CPU-hours ({change(totals.requestedCpuHours, totals.recommendedCpuHours)})
        </dd>
      </div>
    </dl>
  );
}

/** Recommended resources for a pipeline from its past runs, with the savings and the Nextflow config to download. */
export function RecommendationCard({ initialPipeline }: { initialPipeline: string | null }) {
  const pipelines = useRequest<PipelineList>('pipelines');
  const [draft, setDraft] = useState({ pipeline: initialPipeline ?? '', label: '', revision: '', minInputGb: '', maxInputGb: '', percentile: '100', margin: '20', retryFactor: '1.5' });
  const [query, setQuery] = useState<RecommendationQueryInput | null>(null);
  // The address names a pipeline (the launch form's link): show its recommendation at once.
  useEffect(() => {
    if (!initialPipeline) return;
    setDraft((previous) => ({ ...previous, pipeline: initialPipeline }));
    setQuery({ pipeline: initialPipeline });
  }, [initialPipeline]);
  const state = useRequest<Recommendation>(query ? recommendationPath(query) : null);
  const fieldErrors = state.error instanceof RequestError ? state.error.errors : {};
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      pipeline: draft.pipeline,
      label: draft.label.trim() || undefined,
      revision: draft.revision.trim() || undefined,
      minInputBytes: draft.minInputGb === '' ? undefined : Math.round(Number(draft.minInputGb) * 1024 ** 3),
      maxInputBytes: draft.maxInputGb === '' ? undefined : Math.round(Number(draft.maxInputGb) * 1024 ** 3),
      percentile: draft.percentile,
      margin: draft.margin === '' ? undefined : Number(draft.margin) / 100,
      retryFactor: draft.retryFactor,
    });
  };
  const download = async () => {
    if (!state.data) return;
    try {
      const text = await request<string>(recommendationPath(query ?? { pipeline: state.data.pipelineId }, true));
      downloadText(`${state.data.pipelineId}-resources.config`, text, 'text/plain;charset=utf-8');
    } catch (error) {
      notify.error(error);
    }
  };
  const field = (name: keyof typeof draft, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`recommend-${name}`} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input id={`recommend-${name}`} className={INPUT} value={draft[name]} onChange={set(name)} aria-describedby={`recommend-${name}-hint`} {...props} />
      {fieldErrors[ERROR_KEYS[name] ?? name] && (
        <p id={`recommend-${name}-hint`} className="mt-1 text-xs text-red-600">
          {fieldErrors[ERROR_KEYS[name] ?? name]}
        </p>
      )}
    </div>
  );

  return (
    <Card
      title="Recommended resources"
      description="Per process: the successful tasks’ use at a percentile (never below the largest), plus a margin, rounded up; retries after a memory kill ask for the failed attempt’s peak × a factor."
      actions={
        state.data && state.data.processes.length > 0 ? (
          <Button size="sm" onClick={() => void download()}>
            Download Nextflow config
          </Button>
        ) : undefined
      }
    >
      <form className="mb-5 grid gap-3 sm:grid-cols-3 lg:grid-cols-5" onSubmit={submit} aria-label="Recommendation">
        <div className="sm:col-span-3 lg:col-span-2">
          <label htmlFor="recommend-pipeline" className="block text-sm font-medium text-stone-800">
            Pipeline
          </label>
          <select id="recommend-pipeline" className={INPUT} value={draft.pipeline} onChange={set('pipeline')} required>
            <option value="">Choose a pipeline</option>
            {(pipelines.data?.data ?? []).map((pipeline) => (
              <option key={pipeline.id} value={pipeline.id}>
                {pipeline.label} ({pipeline.id})
              </option>
            ))}
            {draft.pipeline && !pipelines.data?.data.some((pipeline) => pipeline.id === draft.pipeline) && <option value={draft.pipeline}>{draft.pipeline}</option>}
          </select>
        </div>
        {field('label', 'Label', { placeholder: 'any' })}
        {field('revision', 'Revision', { placeholder: 'any' })}
        {field('minInputGb', 'Read ≥ GB', { type: 'number', min: 0, step: 'any', placeholder: 'any' })}
        {field('maxInputGb', 'Read ≤ GB', { type: 'number', min: 0, step: 'any', placeholder: 'any' })}
        {field('percentile', 'Percentile', { type: 'number', min: 50, max: 100 })}
        {field('margin', 'Margin (%)', { type: 'number', min: 0, max: 200 })}
        {field('retryFactor', 'Retry × peak', { type: 'number', min: 1, max: 4, step: 0.05 })}
        <div className="flex items-end">
          <Button type="submit" variant="primary" className="w-full">
            Recommend
          </Button>
        </div>
      </form>
      {pipelines.error && <LoadError what="the pipelines" error={pipelines.error} onRetry={pipelines.reload} />}
      {state.error && <LoadError what="the recommendation" error={state.error} onRetry={state.reload} />}
      {!state.data && !state.error && state.loading && <p className="text-sm text-stone-500">Reading past runs…</p>}
      {!query && <p className="text-sm text-stone-600">Choose a pipeline to size its processes from its past runs.</p>}
      {state.data &&
        (state.data.processes.length === 0 ? (
          <p className="text-sm text-stone-600">
            {state.data.runs === 0 ? 'No run matches these filters.' : `None of the ${state.data.runs} runs’ successful tasks reported memory and time (runs of the nextflow engine do).`}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-stone-600">
              From {state.data.runs} run{state.data.runs === 1 ? '' : 's'}.{state.data.unmeasured.length > 0 && ` No measured task, so no recommendation, for ${state.data.unmeasured.join(', ')}.`}
            </p>
            <Savings recommendation={state.data} />
            <SimpleTable columns={COLUMNS} rows={state.data.processes} rowKey={(row) => row.process} label="Recommended resources per process" dense />
          </>
        ))}
    </Card>
  );
}
