import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { ASSOCIATION_TESTS } from '../../../contract/benchmark-labels';
import { type BenchmarkLaunched, type DiscoveryLaunch, discoveryLaunchSchema } from '../../../contract/benchmarks';
import type { Fileset } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { notifyAfterNavigation } from '../../app/notify';
import { ROUTES } from '../../app/routes';
import { RequestError, request } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CheckboxList } from '../../ui/CheckboxList';
import { reportSubmitError, useSchemaForm, visibleError } from '../../ui/forms';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SelectField, TextField } from '../../ui/TextField';

type AssociationTest = (typeof ASSOCIATION_TESTS)[number];

const TEST_LABELS: Record<AssociationTest, string> = {
  linear: 'Linear model (GLM)',
  linear_kinship: 'Mixed model with genomic kinship (MLM)',
  linear_kinship_loco: 'Mixed model, kinship leaving the chromosome out (MLM-LOCO)',
};

/** The label a method starts with, named after its test as the results will show it. */
const DEFAULT_LABELS: Record<AssociationTest, string> = { linear: 'glm', linear_kinship: 'mlm', linear_kinship_loco: 'mlm_loco' };
const isDefaultLabel = (label: string) => /^method\d+$/.test(label) || Object.values(DEFAULT_LABELS).some((name) => label === name || new RegExp(`^${name}_\\d+$`).test(label));

/** A default label for `test` that no other method has: mlm, then mlm_2… */
function freeLabel(test: AssociationTest, taken: readonly string[]): string {
  const base = DEFAULT_LABELS[test];
  if (!taken.includes(base)) return base;
  let number = 2;
  while (taken.includes(`${base}_${number}`)) number += 1;
  return `${base}_${number}`;
}

/**
 * `/benchmarking/discovery/launch`: known datasets (all replicates of a simulation at once) ×
 * discovery methods (GDIP configurations) → one GDIP run each, grouped as one benchmark and
 * launched in one click (loaded on demand: it brings the shared zod schema); the results page scores them when they end.
 */
export default function LaunchDiscoveryForm() {
  const datasets = useRequest<Page<Fileset>>('filesets?kind=known-gdip&pageSize=200&sort=name&order=asc');
  const form = useSchemaForm<z.input<typeof discoveryLaunchSchema>, DiscoveryLaunch>(discoveryLaunchSchema, {
    name: '',
    datasetIds: [],
    // The plain scan to start with; the mixed model (linear_kinship, the kinship-corrected scan) is one Add method away.
    methods: [{ label: 'glm', associationTest: 'linear' }],
  });
  const methods = useFieldArray({ control: form.control, name: 'methods' });
  const labels = () => (form.getValues('methods') ?? []).map((method) => method.label ?? '');
  // A new method tries the first test no method uses yet, under that test's name.
  const addMethod = () => {
    const used = new Set((form.getValues('methods') ?? []).map((method) => method.associationTest));
    const test = ASSOCIATION_TESTS.find((one) => !used.has(one)) ?? 'linear';
    methods.append({ label: freeLabel(test, labels()), associationTest: test });
  };
  // A label the form gave follows the test chosen; one the person typed stays.
  const renameAfterTest = (index: number, test: AssociationTest) => {
    const current = labels();
    if (!isDefaultLabel(current[index] ?? '')) return;
    form.setValue(
      `methods.${index}.label`,
      freeLabel(
        test,
        current.filter((_, at) => at !== index),
      ),
      { shouldValidate: true },
    );
  };
  const chosen = form.watch('datasetIds') ?? [];
  const methodCount = form.watch('methods')?.length ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const launched = await request<BenchmarkLaunched>('benchmarks/discovery', 'POST', values);
      notifyAfterNavigation('success', `Launched ${launched.runIds.length} GDIP runs for ${values.name}`);
      window.location.assign(`${ROUTES.discoveryResults}?group=${launched.groupId}`);
    } catch (error) {
      // A method the engine cannot run is refused on its own association test.
      const refused = error instanceof RequestError ? Object.entries(error.errors).filter(([field]) => /^methods\.\d+\.associationTest$/.test(field)) : [];
      for (const [index, [field, message]] of refused.entries()) form.setError(field as `methods.${number}.associationTest`, { type: 'server', message }, { shouldFocus: index === 0 });
      if (refused.length === 0) reportSubmitError(form, error);
    }
  });

  const all = datasets.data?.data ?? [];

  return (
    <>
      {datasets.error ? (
        <LoadError what="the known datasets" error={datasets.error} onRetry={datasets.reload} />
      ) : !datasets.data ? (
        <LoadingOverlay />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Launch a discovery benchmark" className="grid gap-6">
          <Card title="Benchmark">
            <TextField label="Name" required placeholder="e.g. GWAS methods, wheat 2026" error={visibleError(form, 'name')} {...form.register('name')} />
          </Card>
          <Card
            title="Known datasets"
            description="Each method runs on each dataset; replicates of a simulation give each score a 95 % interval."
            actions={
              all.length > 0 && (
                <Button size="sm" onClick={() => form.setValue('datasetIds', chosen.length === all.length ? [] : all.map((dataset) => dataset.id))}>
                  {chosen.length === all.length ? 'Choose none' : 'Choose all'}
                </Button>
              )
            }
          >
            <CheckboxList
              items={all}
              chosen={chosen}
              onChange={(ids) => form.setValue('datasetIds', ids, { shouldValidate: form.formState.isSubmitted })}
              error={visibleError(form, 'datasetIds')}
              label="Known datasets"
              summary={(dataset) => ({ title: dataset.name, detail: `${dataset.description} · ${formatDateTime(dataset.createdAt)}` })}
              empty={
                <>
                  No known datasets yet.{' '}
                  <a className="text-emerald-800 hover:underline" href={ROUTES.simulateGdipData}>
                    Simulate some
                  </a>{' '}
                  or{' '}
                  <a className="text-emerald-800 hover:underline" href={ROUTES.registerKnownGdipData}>
                    register yours
                  </a>
                  .
                </>
              }
            />
          </Card>
          <Card
            title="Discovery methods"
            description="GDIP configurations: each is a label (shown in the results) and an association test, with optional covariates (phenotype columns)."
            actions={
              <Button size="sm" onClick={addMethod} disabled={methods.fields.length >= 10}>
                Add method
              </Button>
            }
          >
            <div className="grid gap-4">
              {methods.fields.map((field, index) => (
                <div key={field.id} className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
                  <TextField label="Label" required error={visibleError(form, `methods.${index}.label`)} {...form.register(`methods.${index}.label`)} />
                  <SelectField
                    label="Association test"
                    error={visibleError(form, `methods.${index}.associationTest`)}
                    {...form.register(`methods.${index}.associationTest`, { onChange: (event) => renameAfterTest(index, event.target.value as AssociationTest) })}
                  >
                    {ASSOCIATION_TESTS.map((test) => (
                      <option key={test} value={test}>
                        {TEST_LABELS[test]}
                      </option>
                    ))}
                  </SelectField>
                  <TextField label="Covariates" placeholder="e.g. PC1,PC2" error={visibleError(form, `methods.${index}.covariates`)} {...form.register(`methods.${index}.covariates`)} />
                  <Button size="sm" variant="ghost" className="mt-6" onClick={() => methods.remove(index)} disabled={methods.fields.length <= 1} aria-label={`Remove method ${index + 1}`}>
                    Remove
                  </Button>
                </div>
              ))}
              {visibleError(form, 'methods') && (
                <p role="alert" className="text-sm text-red-700">
                  {visibleError(form, 'methods')}
                </p>
              )}
            </div>
          </Card>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
              Launch {chosen.length * methodCount || ''} GDIP run{chosen.length * methodCount === 1 ? '' : 's'}
            </Button>
            <span className="text-sm text-stone-600">
              {chosen.length} dataset{chosen.length === 1 ? '' : 's'} × {methodCount} method{methodCount === 1 ? '' : 's'}
            </span>
          </div>
        </form>
      )}
    </>
  );
}
