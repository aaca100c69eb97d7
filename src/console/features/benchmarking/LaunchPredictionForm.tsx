import type { z } from 'zod';
import { type BenchmarkLaunched, GENOMIC_MODEL_FILE_TYPES, type PredictionLaunch, predictionLaunchSchema } from '../../../contract/benchmarks';
import type { Fileset, StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { notifyAfterNavigation } from '../../app/notify';
import { launchRoute, ROUTES } from '../../app/routes';
import { request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CheckboxList } from '../../ui/CheckboxList';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { TextField } from '../../ui/TextField';

/**
 * `/benchmarking/prediction/launch`: trained models (from Auto Train or GDIP runs) × prediction
 * datasets → one Make GDIP Predictions run each (loaded on demand: it brings the shared zod schema), grouped as one benchmark; the results page
 * scores them against the observed values when they end.
 */
export default function LaunchPredictionForm() {
  const models = useRequest<Page<StoredFile>>(`files?${new URLSearchParams({ fileType: GENOMIC_MODEL_FILE_TYPES.join(','), pageSize: '100' })}`);
  const datasets = useRequest<Page<Fileset>>('filesets?kind=prediction-data&pageSize=200&sort=name&order=asc');
  const form = useSchemaForm<z.input<typeof predictionLaunchSchema>, PredictionLaunch>(predictionLaunchSchema, { name: '', modelFileIds: [], datasetIds: [] });
  const modelIds = form.watch('modelFileIds') ?? [];
  const datasetIds = form.watch('datasetIds') ?? [];
  const set = (name: 'modelFileIds' | 'datasetIds') => (ids: unknown[]) => form.setValue(name, ids, { shouldValidate: form.formState.isSubmitted });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const launched = await request<BenchmarkLaunched>('benchmarks/prediction', 'POST', values);
      notifyAfterNavigation('success', `Launched ${launched.runIds.length} prediction runs for ${values.name}`);
      window.location.assign(`${ROUTES.predictionResults}?group=${launched.groupId}`);
    } catch (error) {
      reportSubmitError(form, error);
    }
  });

  const failed = models.error ?? datasets.error;
  const runCount = modelIds.length * datasetIds.length;
  return (
    <>
      {failed ? (
        <LoadError
          what="the models and datasets"
          error={failed}
          onRetry={() => {
            models.reload();
            datasets.reload();
          }}
        />
      ) : !models.data || !datasets.data ? (
        <LoadingOverlay />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Launch a prediction benchmark" className="grid gap-6">
          <Card title="Benchmark">
            <TextField label="Name" required placeholder="e.g. GEBV models, validation 2026" error={visibleError(form, 'name')} {...form.register('name')} />
          </Card>
          <Card title="Trained models" description="Models stored by Auto Train or GDIP runs (or uploaded), newest first.">
            <CheckboxList
              items={models.data.data}
              chosen={modelIds}
              onChange={set('modelFileIds')}
              error={visibleError(form, 'modelFileIds')}
              label="Trained models"
              summary={(model) => ({ title: model.runName ? `${model.runName}: ${model.name}` : model.name, detail: `${model.fileTypeName ?? 'model'} · ${formatDateTime(model.createdAt)}` })}
              empty={
                <>
                  No trained models yet: run{' '}
                  <a className="text-emerald-800 hover:underline" href={launchRoute('nf-auto-train')}>
                    Auto Train
                  </a>{' '}
                  first.
                </>
              }
            />
          </Card>
          <Card title="Prediction datasets" description="Observed values of a validation set, registered with its genotypes (the models predict from them).">
            <CheckboxList
              items={datasets.data.data}
              chosen={datasetIds}
              onChange={set('datasetIds')}
              error={visibleError(form, 'datasetIds')}
              label="Prediction datasets"
              summary={(dataset) => ({ title: dataset.name, detail: `${dataset.description ?? ''} · ${dataset.fileTypes.join(', ')}` })}
              empty={
                <>
                  No prediction datasets yet:{' '}
                  <a className="text-emerald-800 hover:underline" href={ROUTES.registerPredictionData}>
                    register one
                  </a>{' '}
                  with its VCF.
                </>
              }
            />
          </Card>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
              Launch {runCount || ''} prediction run{runCount === 1 ? '' : 's'}
            </Button>
            <span className="text-sm text-stone-600">
              {modelIds.length} model{modelIds.length === 1 ? '' : 's'} × {datasetIds.length} dataset{datasetIds.length === 1 ? '' : 's'}
            </span>
          </div>
        </form>
      )}
    </>
  );
}
