import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { mlflowTrackSchema, parseMlflowRunUrl, type MlflowTrackInput, type TrackedMlflowRunDetail } from '../../../contract/mlflow';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { notifyAfterNavigation } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';

/**
 * Track an MLflow run: its tracking URI and run id, or its URL pasted whole (read at once into
 * both), optionally tied to a Seedbed run. Loaded on demand: it brings the shared zod schema.
 */
export default function TrackMlflowForm({ initialRunId }: { initialRunId: number | null }) {
  const form = useSchemaForm<MlflowTrackInput, z.output<typeof mlflowTrackSchema>>(mlflowTrackSchema, {
    trackingUri: '',
    mlflowRunId: '',
    runId: initialRunId,
    refreshWhileRunning: true,
  });
  const [readFromUrl, setReadFromUrl] = useState<string | null>(null);
  const { data: recentRuns, error: runsError, reload: reloadRuns } = useRequest<Page<RunSummary>>('runs?pageSize=200');
  const trackingUri = form.watch('trackingUri');
  const refreshWhileRunning = form.watch('refreshWhileRunning') ?? true;

  useEffect(() => {
    const parsed = parseMlflowRunUrl(trackingUri ?? '');
    if (!parsed) {
      setReadFromUrl(null);
      return;
    }
    form.setValue('mlflowRunId', parsed.runId, { shouldValidate: true });
    setReadFromUrl(`Read from the URL: tracking server ${parsed.trackingUri}, run ${parsed.runId}${parsed.experimentId ? ` (experiment ${parsed.experimentId})` : ''}.`);
  }, [trackingUri, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const tracked = await request<TrackedMlflowRunDetail>('mlflow-runs', 'POST', values);
      notifyAfterNavigation('success', `Tracking MLflow run ${tracked.name}`);
      window.location.assign(viewRoute(ROUTES.mlflowRunView, tracked.id));
    } catch (error) {
      reportSubmitError(form, error);
    }
  });

  const runs = recentRuns?.data ?? [];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-label="Track an MLflow run">
      <TextField
        label="Tracking URI or run URL"
        required
        className="md:col-span-2"
        placeholder="http://mlflow.example.org:5000, or paste a run’s address from MLflow’s UI"
        hint={readFromUrl ?? 'The address MLflow’s UI opens at. Credentials are set by your administrator, never typed here.'}
        error={visibleError(form, 'trackingUri')}
        autoComplete="url"
        {...form.register('trackingUri')}
      />
      <TextField label="MLflow run id" required placeholder="e.g. 8f3c1e5b9a2d4c6e8f0a1b2c3d4e5f60" error={visibleError(form, 'mlflowRunId')} spellCheck={false} {...form.register('mlflowRunId')} />
      <div>
        <label htmlFor="mlflow-seedbed-run" className="block text-sm font-medium text-stone-700">
          Seedbed run
        </label>
        <select
          id="mlflow-seedbed-run"
          className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm"
          {...form.register('runId')}
          aria-describedby="mlflow-seedbed-run-hint"
        >
          <option value="">None</option>
          {initialRunId !== null && !runs.some((run) => run.id === initialRunId) && <option value={initialRunId}>Run {initialRunId}</option>}
          {runs.map((run) => (
            <option key={run.id} value={run.id}>
              {run.name} · {run.pipelineId} · {run.status}
            </option>
          ))}
        </select>
        <p id="mlflow-seedbed-run-hint" className="mt-1 text-xs text-stone-500">
          {runsError ? (
            <>
              Could not load your runs: {runsError.message}{' '}
              <button type="button" className="font-medium text-emerald-700 hover:underline" onClick={reloadRuns}>
                Retry
              </button>
            </>
          ) : (
            'The pipeline run that trained the model: its page then lists this MLflow run.'
          )}
        </p>
        {visibleError(form, 'runId') && <p className="mt-1 text-sm text-red-700">{visibleError(form, 'runId')}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Switch id="mlflow-refresh-while-running" checked={refreshWhileRunning} onChange={(checked) => form.setValue('refreshWhileRunning', checked)} label="Refresh while the run is RUNNING" />
        <label htmlFor="mlflow-refresh-while-running" className="text-sm text-stone-700">
          Refresh the snapshot while the MLflow run is RUNNING, until it ends
        </label>
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting} className="ml-auto">
          Track run
        </Button>
      </div>
    </form>
  );
}
