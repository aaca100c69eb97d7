import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { type BenchmarkLaunched, CV_METHOD_MODELS, CV_METHOD_PIPELINES, type CvMethodPipeline, type PredictionCvLaunch, predictionCvLaunchSchema } from '../../../contract/benchmarks';
import type { Fileset } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { notifyAfterNavigation } from '../../app/notify';
import { ROUTES } from '../../app/routes';
import { RequestError, request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CheckboxList } from '../../ui/CheckboxList';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SelectField, TextField } from '../../ui/TextField';

const FOLDS = 'CV folds CSV';
const PIPELINE_LABELS: Record<CvMethodPipeline, string> = { 'nf-gdip': 'GDIP', 'nf-auto-train': 'Auto Train' };

/**
 * Launch prediction's second kind: methods (GDIP or Auto Train, one model each) cross-validated
 * on prediction datasets' frozen folds → one run each, grouped as one benchmark; the results page
 * shows each method's scores with intervals and compares it with the best on the same folds.
 */
export default function LaunchPredictionCvForm() {
  const datasets = useRequest<Page<Fileset>>('filesets?kind=prediction-data&pageSize=200&sort=name&order=asc');
  const form = useSchemaForm<z.input<typeof predictionCvLaunchSchema>, PredictionCvLaunch>(predictionCvLaunchSchema, {
    name: '',
    datasetIds: [],
    methods: [
      { label: 'gdip_rrblup', pipeline: 'nf-gdip', model: 'rrblup' },
      { label: 'auto_rkhs', pipeline: 'nf-auto-train', model: 'rkhs' },
    ],
  });
  const methods = useFieldArray({ control: form.control, name: 'methods' });
  const chosen = form.watch('datasetIds') ?? [];
  const methodValues = form.watch('methods') ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const launched = await request<BenchmarkLaunched>('benchmarks/prediction-cv', 'POST', values);
      notifyAfterNavigation('success', `Launched ${launched.runIds.length} cross-validation runs for ${values.name}`);
      window.location.assign(`${ROUTES.predictionResults}?group=${launched.groupId}`);
    } catch (error) {
      // A model the engine cannot fit, or a pipeline that cannot read a folds file here, is refused on its own field.
      const refused = error instanceof RequestError ? Object.entries(error.errors).filter(([field]) => /^methods\.\d+\.(model|pipeline)$/.test(field)) : [];
      for (const [index, [field, message]] of refused.entries()) form.setError(field as `methods.${number}.${'model' | 'pipeline'}`, { type: 'server', message }, { shouldFocus: index === 0 });
      if (refused.length === 0) reportSubmitError(form, error);
    }
  });

  const all = datasets.data?.data ?? [];
  const runCount = chosen.length * methodValues.length;

  if (datasets.error) return <LoadError what="the prediction datasets" error={datasets.error} onRetry={datasets.reload} />;
  if (!datasets.data) return <LoadingOverlay />;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Launch a cross-validation benchmark" className="grid gap-6">
      <Card title="Benchmark">
        <TextField label="Name" required placeholder="e.g. GEBV methods, CV2 2026" error={visibleError(form, 'name')} {...form.register('name')} />
      </Card>
      <Card title="Prediction datasets" description="Each method is cross-validated on each dataset's frozen folds (its CV folds CSV), so every method is scored on the same splits.">
        <CheckboxList
          items={all}
          chosen={chosen}
          onChange={(ids) => form.setValue('datasetIds', ids, { shouldValidate: form.formState.isSubmitted })}
          error={visibleError(form, 'datasetIds')}
          label="Prediction datasets"
          summary={(dataset) =>
            dataset.fileTypes.includes(FOLDS)
              ? { title: dataset.name, detail: dataset.description }
              : {
                  title: dataset.name,
                  disabled: true,
                  detail: (
                    <>
                      No frozen folds:{' '}
                      <a className="text-emerald-800 hover:underline" href={ROUTES.registerPredictionData}>
                        register it again with a scheme
                      </a>{' '}
                      (CV1, CV2, CV0 or CV00).
                    </>
                  ),
                }
          }
          empty={
            <>
              No prediction datasets yet:{' '}
              <a className="text-emerald-800 hover:underline" href={ROUTES.registerPredictionData}>
                register one
              </a>{' '}
              with its VCF and a cross-validation scheme.
            </>
          }
        />
      </Card>
      <Card
        title="Methods"
        description="A label (shown in the results), the pipeline that cross-validates, and its model."
        actions={
          <Button size="sm" onClick={() => methods.append({ label: `method${methods.fields.length + 1}`, pipeline: 'nf-auto-train', model: 'rrblup' })} disabled={methods.fields.length >= 10}>
            Add method
          </Button>
        }
      >
        <div className="grid gap-4">
          {methods.fields.map((field, index) => {
            const pipeline = (methodValues[index]?.pipeline ?? 'nf-gdip') as CvMethodPipeline;
            const pipelineField = form.register(`methods.${index}.pipeline`);
            return (
              <div key={field.id} className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
                <TextField label="Label" required error={visibleError(form, `methods.${index}.label`)} {...form.register(`methods.${index}.label`)} />
                <SelectField
                  label="Pipeline"
                  error={visibleError(form, `methods.${index}.pipeline`)}
                  {...pipelineField}
                  onChange={(event) => {
                    void pipelineField.onChange(event);
                    form.setValue(`methods.${index}.model`, CV_METHOD_MODELS[event.target.value as CvMethodPipeline][0]);
                  }}
                >
                  {CV_METHOD_PIPELINES.map((id) => (
                    <option key={id} value={id}>
                      {PIPELINE_LABELS[id]}
                    </option>
                  ))}
                </SelectField>
                <SelectField label="Model" error={visibleError(form, `methods.${index}.model`)} {...form.register(`methods.${index}.model`)}>
                  {CV_METHOD_MODELS[pipeline].map((model) => (
                    <option key={model} value={model}>
                      {model}
                    </option>
                  ))}
                </SelectField>
                <Button size="sm" variant="ghost" className="mt-6" onClick={() => methods.remove(index)} disabled={methods.fields.length <= 1} aria-label={`Remove method ${index + 1}`}>
                  Remove
                </Button>
              </div>
            );
          })}
          {visibleError(form, 'methods') && (
            <p role="alert" className="text-sm text-red-700">
              {visibleError(form, 'methods')}
            </p>
          )}
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          Launch {runCount || ''} cross-validation run{runCount === 1 ? '' : 's'}
        </Button>
        <span className="text-sm text-stone-600">
          {chosen.length} dataset{chosen.length === 1 ? '' : 's'} × {methodValues.length} method{methodValues.length === 1 ? '' : 's'}
        </span>
      </div>
    </form>
  );
}
