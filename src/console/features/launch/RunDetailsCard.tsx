import { useFormContext } from 'react-hook-form';
import { runNameProblem } from '../../../contract/run-codes';
import { ROUTES } from '../../app/routes';
import { Card } from '../../ui/Card';
import { RecordOptions } from '../../ui/RecordOptions';
import { ViewLink } from '../../ui/ViewLink';
import { ExperimentSelect } from './ExperimentSelect';
import { inputClass, validateLabels } from './launch-fields';
import type { EarlierRun, LaunchValues, Named, Pipeline } from './launch-types';
import { RunGroupField } from './RunGroupField';
import { randomRunName } from './run-name';
import { useLaunchErrors } from './use-launch-errors';

/**
 * The top of a launch form: what the pipeline is and why it cannot launch (if so), the run a
 * relaunch starts from, and the run's own fields: name, labels, group, revision, project, experiment.
 */
export function RunDetailsCard({ pipeline, from, runGroups, projects }: { pipeline: Pipeline; from: EarlierRun | null; runGroups: Named[]; projects: Named[] }) {
  const { register, setValue, watch } = useFormContext<LaunchValues>();
  const errorOf = useLaunchErrors();
  return (
    <Card title="New run" description={`${pipeline.repository} @ ${pipeline.revision} · runs on the ${pipeline.engine} engine`}>
      <p className="text-sm text-stone-700">{pipeline.description}</p>
      {pipeline.launchProblem && (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="alert">
          {pipeline.launchProblem}
        </p>
      )}
      {from && <RelaunchBanner from={from} />}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="run-name" className="block text-sm font-medium text-stone-800">
            Run name <span className="text-red-600">*</span>
          </label>
          <input
            id="run-name"
            className={`${inputClass(errorOf('name'))} font-mono`}
            aria-invalid={errorOf('name') ? true : undefined}
            aria-describedby="run-name-hint"
            spellCheck={false}
            {...register('name', { validate: (value) => runNameProblem(value) ?? true })}
          />
          <p id="run-name-hint" className={`mt-1 text-xs ${errorOf('name') ? 'text-red-600' : 'text-stone-500'}`} role={errorOf('name') ? 'alert' : undefined}>
            {errorOf('name') ?? 'Lower-case letters, digits, - and _, as Nextflow requires.'}{' '}
            {!errorOf('name') && (
              <button type="button" className="text-emerald-800 underline" onClick={() => setValue('name', randomRunName(), { shouldValidate: true })}>
                Another name
              </button>
            )}
          </p>
        </div>
        <div>
          <label htmlFor="run-labels" className="block text-sm font-medium text-stone-800">
            Labels
          </label>
          <input id="run-labels" className={inputClass(errorOf('labels'))} placeholder="e.g. cycle-2026, qc" aria-describedby="run-labels-hint" {...register('labels', { validate: validateLabels })} />
          <p id="run-labels-hint" className={`mt-1 text-xs ${errorOf('labels') ? 'text-red-600' : 'text-stone-500'}`}>
            {errorOf('labels') ?? 'Separated by commas; the runs list can filter by them.'}
          </p>
        </div>
        <RunGroupField runGroups={runGroups} />
        {pipeline.engine === 'nextflow' && (
          <div>
            <label htmlFor="run-revision" className="block text-sm font-medium text-stone-800">
              Revision
            </label>
            <input id="run-revision" type="text" spellCheck={false} className={`${inputClass(errorOf('revision'))} font-mono`} aria-describedby="run-revision-hint" {...register('revision')} />
            <p id="run-revision-hint" className={`mt-1 text-xs ${errorOf('revision') ? 'text-red-600' : 'text-stone-500'}`}>
              {errorOf('revision') ?? `A branch, tag or commit of ${pipeline.repository}; the catalogue's is ${pipeline.revision}.`}
            </p>
          </div>
        )}
        {pipeline.engine === 'nextflow' && (
          <div className="sm:col-span-2">
            <label htmlFor="run-recommended-resources" className="flex items-center gap-2 text-sm font-medium text-stone-800">
              <input id="run-recommended-resources" type="checkbox" className="h-4 w-4 accent-emerald-700" aria-describedby="run-recommended-resources-hint" {...register('recommendedResources')} />
              Use recommended resources
            </label>
            <p id="run-recommended-resources-hint" className={`mt-1 text-xs ${errorOf('recommendedResources') ? 'text-red-600' : 'text-stone-500'}`}>
              {errorOf('recommendedResources') ?? (
                <>
                  Cpus, memory and time per process sized from this pipeline’s past runs, with retries sized from a failed attempt’s peak (a Nextflow config passed with -c).{' '}
                  <a className="text-emerald-800 hover:underline" href={`${ROUTES.resourceTrends}?pipeline=${encodeURIComponent(pipeline.id)}`}>
                    See the recommendation
                  </a>
                </>
              )}
            </p>
          </div>
        )}
        <div>
          <label htmlFor="run-project" className="block text-sm font-medium text-stone-800">
            Project
          </label>
          <select id="run-project" className={inputClass(errorOf('projectId'))} {...register('projectId')}>
            <RecordOptions none="No project" records={projects} />
          </select>
        </div>
        <ExperimentSelect projectId={watch('projectId')} error={errorOf('experimentId')} register={register('experimentId')} />
      </div>
    </Card>
  );
}

/** A relaunch names the run its parameters come from, linked to it. */
function RelaunchBanner({ from }: { from: EarlierRun }) {
  return (
    <p className="mt-3 text-sm text-stone-600">
      Parameters from run{' '}
      <ViewLink route={ROUTES.runView} id={from.id} className="font-medium underline">
        {from.name}
      </ViewLink>
      .
    </p>
  );
}
