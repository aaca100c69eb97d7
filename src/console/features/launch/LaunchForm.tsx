import { ROUTES } from '../../app/routes';
import { useEffect, useMemo, useRef, useState, lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { runNameProblem } from '../../../contract/run-codes';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { request, RequestError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Switch } from '../../ui/Switch';
import { ParameterInput } from './ParameterInput';
import type { RunSummary } from '../../../contract/runs';
import { saveBlob } from '../../lib/download';
import { randomRunName } from './run-name';
import { defaultFormValues, fieldsOf, formValueOf, paramsOf, type ParameterGroup } from './schema-form';

import { Help, inputClass, needsAttentionMessage, splitLabels, validateLabels } from './launch-fields';
import type { EarlierRun, LaunchValues, Named, Pipeline } from './launch-types';
import { RecordOptions } from '../../ui/RecordOptions';
import { ExperimentSelect } from './ExperimentSelect';

const RunGroupDialog = lazy(() => import('../run-groups/RunGroupDialog'));

const RUN_VIEW = ROUTES.runView;
const NEW_GROUP = '__new__';

export function LaunchForm({
  pipeline,
  groups,
  runGroups: initialGroups,
  projects,
  from,
  preset,
}: {
  pipeline: Pipeline;
  groups: ParameterGroup[];
  runGroups: Named[];
  projects: Named[];
  from: EarlierRun | null;
  /** The project and experiment chosen where the form was opened from (a project's or experiment's page). */
  preset?: { projectId: string; experimentId: string };
}) {
  const [runGroups, setRunGroups] = useState(initialGroups);
  const [createdGroup, setCreatedGroup] = useState<number | null>(null);
  const fields = useMemo(() => fieldsOf(groups), [groups]);
  const [showHidden, setShowHidden] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const importInput = useRef<HTMLInputElement>(null);
  const form = useForm<LaunchValues>({
    mode: 'all',
    defaultValues: {
      name: randomRunName(),
      groupId: from?.groupId ? String(from.groupId) : '',
      projectId: from?.projectId ? String(from.projectId) : (preset?.projectId ?? ''),
      experimentId: from?.experimentId ? String(from.experimentId) : (preset?.experimentId ?? ''),
      labels: from?.labels.join(', ') ?? '',
      revision: from?.revision ?? pipeline.revision,
      params: defaultFormValues(groups, from?.params ?? {}),
    },
  });
  const { register, formState, handleSubmit, setValue, getValues } = form;
  const errorOf = (name: string): string | undefined => {
    const parts = name.split('.');
    let error: unknown = formState.errors;
    for (const part of parts) error = (error as Record<string, unknown> | undefined)?.[part];
    const message = (error as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const hiddenCount = fields.filter((field) => field.hidden).length;
  // A group created in place is chosen once its option is on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runGroups is the trigger: the new group's option must exist before it is chosen
  useEffect(() => {
    if (createdGroup === null) return;
    setValue('groupId', String(createdGroup), { shouldDirty: true });
    setCreatedGroup(null);
  }, [createdGroup, runGroups, setValue]);

  const currentParams = () => paramsOf(groups, getValues('params'));

  const importFile = async (file: File) => {
    try {
      // Reading and writing params files loads on the first click, not with the form.
      const { knownParams, parseParamsFile } = await import('./params-file');
      const { known, unknown } = knownParams(groups, await parseParamsFile(file.name, await file.text()));
      for (const field of fields) {
        if (field.name in known) setValue(`params.${field.name}` as Path<LaunchValues>, formValueOf(field, known[field.name]) as never, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
      }
      if (fields.some((field) => field.hidden && field.name in known)) setShowHidden(true);
      notify.success(`Imported ${Object.keys(known).length} parameter${Object.keys(known).length === 1 ? '' : 's'} from ${file.name}`);
      if (unknown.length > 0) notify.error(`${pipeline.label} has no parameter ${unknown.join(', ')}; ${unknown.length === 1 ? 'it was' : 'they were'} left out.`);
    } catch (error) {
      notify.error(error);
    }
  };

  const exportAs = async (format: 'json' | 'yaml') => {
    const { paramsFileText } = await import('./params-file');
    const text = await paramsFileText(currentParams(), format);
    saveBlob(new Blob([text], { type: format === 'json' ? 'application/json' : 'application/yaml' }), `${getValues('name') || pipeline.id}_params.${format}`);
  };

  const submit = handleSubmit(
    async (values) => {
      setSubmitting(true);
      try {
        const run = await request<RunSummary>('runs', 'POST', {
          pipelineId: pipeline.id,
          name: values.name.trim(),
          groupId: values.groupId && values.groupId !== NEW_GROUP ? Number(values.groupId) : null,
          projectId: values.projectId ? Number(values.projectId) : null,
          experimentId: values.projectId && values.experimentId ? Number(values.experimentId) : null,
          labels: splitLabels(values.labels),
          params: paramsOf(groups, values.params),
          // A form filled from an earlier run records it as a relaunch of that run.
          ...(from ? { relaunchOf: from.id } : {}),
          ...(pipeline.engine === 'nextflow' && values.revision.trim() && values.revision.trim() !== pipeline.revision ? { revision: values.revision.trim() } : {}),
        });
        notifyAfterNavigation('success', 'Run submitted');
        window.location.assign(`${RUN_VIEW}?id=${run.id}`);
      } catch (error) {
        setSubmitting(false);
        if (error instanceof RequestError) {
          let first = true;
          for (const [key, message] of Object.entries(error.errors)) {
            const name = key.startsWith('labels.') ? 'labels' : key;
            if (name.startsWith('params.') && fields.find((field) => `params.${field.name}` === name)?.hidden) setShowHidden(true);
            form.setError(name as Path<LaunchValues>, { type: 'server', message }, { shouldFocus: first });
            first = false;
          }
        }
        notify.error(error);
      }
    },
    (errors) => {
      const firstHidden = fields.find((field) => field.hidden && errorOf(`params.${field.name}`));
      if (firstHidden) setShowHidden(true);
      notify.error(needsAttentionMessage(errors));
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="grid gap-6" aria-label={`Launch ${pipeline.label}`}>
        <Card title="New run" description={`${pipeline.repository} @ ${pipeline.revision} · runs on the ${pipeline.engine} engine`}>
          <p className="text-sm text-stone-700">{pipeline.description}</p>
          {pipeline.launchProblem && (
            <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="alert">
              {pipeline.launchProblem}
            </p>
          )}
          {from && (
            <p className="mt-3 text-sm text-stone-600">
              Parameters from run{' '}
              <a className="font-medium text-emerald-800 underline" href={`${RUN_VIEW}?id=${from.id}`}>
                {from.name}
              </a>
              .
            </p>
          )}
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
              <input
                id="run-labels"
                className={inputClass(errorOf('labels'))}
                placeholder="e.g. cycle-2026, qc"
                aria-describedby="run-labels-hint"
                {...register('labels', { validate: validateLabels })}
              />
              <p id="run-labels-hint" className={`mt-1 text-xs ${errorOf('labels') ? 'text-red-600' : 'text-stone-500'}`}>
                {errorOf('labels') ?? 'Separated by commas; the runs list can filter by them.'}
              </p>
            </div>
            <div>
              <label htmlFor="run-group" className="block text-sm font-medium text-stone-800">
                Run group
              </label>
              <select id="run-group" className={inputClass(errorOf('groupId'))} {...register('groupId')}>
                <RecordOptions none="No group" records={runGroups} />
                <option value={NEW_GROUP}>New group…</option>
              </select>
              {form.watch('groupId') === NEW_GROUP &&
                // The Run Groups page's own dialog, loaded when it is needed, outside this form (forms do not nest).
                createPortal(
                  <Suspense fallback={null}>
                    <RunGroupDialog
                      group={null}
                      onClose={() => setValue('groupId', '')}
                      onSaved={(group) => {
                        setRunGroups((list) => [...list, group].sort((a, b) => a.name.localeCompare(b.name)));
                        setCreatedGroup(group.id);
                      }}
                    />
                  </Suspense>,
                  document.body,
                )}
              {errorOf('groupId') && <p className="mt-1 text-sm text-red-600">{errorOf('groupId')}</p>}
            </div>
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
            <div>
              <label htmlFor="run-project" className="block text-sm font-medium text-stone-800">
                Project
              </label>
              <select id="run-project" className={inputClass(errorOf('projectId'))} {...register('projectId')}>
                <RecordOptions none="No project" records={projects} />
              </select>
            </div>
            <ExperimentSelect projectId={form.watch('projectId')} error={errorOf('experimentId')} register={register('experimentId')} />
          </div>
        </Card>

        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-white px-6 py-3 shadow-sm ring-1 ring-stone-200">
          <Button size="sm" onClick={() => importInput.current?.click()}>
            Import params…
          </Button>
          <input
            ref={importInput}
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml"
            hidden
            data-testid="import-params"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Button size="sm" onClick={() => void exportAs('json')}>
            Export JSON
          </Button>
          <Button size="sm" onClick={() => void exportAs('yaml')}>
            Export YAML
          </Button>
          {hiddenCount > 0 && (
            <span className="ml-auto flex items-center gap-2 text-sm text-stone-700">
              <Switch checked={showHidden} onChange={setShowHidden} label="Show hidden parameters" />
              <span aria-hidden="true">Show hidden parameters ({hiddenCount})</span>
            </span>
          )}
        </div>

        {groups.map((group) => {
          const visible = group.fields.filter((field) => showHidden || !field.hidden);
          if (visible.length === 0) return null;
          return (
            <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl bg-white px-6 py-5 shadow-sm ring-1 ring-stone-200">
              <h2 id={`group-${group.id}`} className="text-base font-semibold text-stone-900">
                {group.title}
              </h2>
              {group.description && <p className="mt-0.5 text-sm text-stone-500">{group.description}</p>}
              <Help text={group.helpText} label="More about these options" />
              <div className="mt-4 grid gap-5 md:grid-cols-2">
                {visible.map((field) => (
                  <ParameterInput key={field.name} field={field} pipeline={pipeline} error={errorOf(`params.${field.name}`)} />
                ))}
              </div>
            </section>
          );
        })}

        <div className="flex items-center justify-end gap-3">
          <a href={ROUTES.runs} className="text-sm text-stone-600 hover:underline">
            Cancel
          </a>
          <Button type="submit" variant="primary" busy={submitting} disabled={Boolean(pipeline.launchProblem)}>
            {submitting ? 'Launching…' : 'Launch run'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
