import { useEffect, useMemo, useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { nextRunName } from '../../../contract/run-codes';
import type { RunLaunch, RunSummary } from '../../../contract/runs';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { RequestError, request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { faultyFields, fieldElementId, focusFirstField, needsFixingMessage, splitLabels } from './launch-fields';
import type { EarlierRun, LaunchValues, Named, Pipeline } from './launch-types';
import { ParameterGroups } from './ParameterGroups';
import { ParamsFileActions } from './ParamsFileActions';
import { NEW_GROUP } from './RunGroupField';
import { RunDetailsCard } from './RunDetailsCard';
import { randomRunName } from './run-name';
import { defaultFormValues, fieldsOf, type ParameterGroup, paramsOf } from './schema-form';
import { formFieldOf, LaunchCheckMessages, useLaunchCheck } from './use-launch-check';

/**
 * A pipeline's launch form: the run's details, its parameters from the pipeline's schema (filled
 * from an earlier run for a relaunch), and the launch. The server checks everything again; its
 * refusals land on the fields they name, showing hidden parameters when one of them is refused,
 * and the first of them is brought into view. Before Launch, a field left or a file chosen asks
 * the server's check (use-launch-check.ts), whose answers show under their fields too.
 */
export function LaunchForm({
  pipeline,
  groups,
  runGroups,
  projects,
  from,
  relaunchName,
  preset,
}: {
  pipeline: Pipeline;
  groups: ParameterGroup[];
  runGroups: Named[];
  projects: Named[];
  from: EarlierRun | null;
  /** The server's name for a relaunch of `from`, numbered on past the names taken (runs/{id}/relaunch-name). */
  relaunchName?: string | undefined;
  /** The project and experiment chosen where the form was opened from (a project's or experiment's page). */
  preset?: { projectId: string; experimentId: string };
}) {
  const fields = useMemo(() => fieldsOf(groups), [groups]);
  const [showHidden, setShowHidden] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LaunchValues>({
    mode: 'all',
    // The first field at fault is brought to the middle of the view by focusFirstField, not just into it.
    shouldFocusError: false,
    defaultValues: {
      // A relaunch is numbered on from the run it starts from (by the server, which knows every name
      // taken; by itself when that failed); a new run gets a name in Nextflow's style.
      name: from ? (relaunchName ?? nextRunName(from.name)) : randomRunName(),
      groupId: from?.groupId ? String(from.groupId) : '',
      projectId: from?.projectId ? String(from.projectId) : (preset?.projectId ?? ''),
      experimentId: from?.experimentId ? String(from.experimentId) : (preset?.experimentId ?? ''),
      labels: from?.labels.join(', ') ?? '',
      revision: from?.revision ?? pipeline.revision,
      recommendedResources: false,
      params: defaultFormValues(groups, from?.params ?? {}),
    },
  });

  /** The launch as the form's values say it: what Launch sends, and what the check asks about. */
  const bodyOf = (values: LaunchValues): RunLaunch => ({
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
    ...(pipeline.engine === 'nextflow' && values.recommendedResources ? { recommendedResources: true } : {}),
  });
  const check = useLaunchCheck(form, bodyOf);

  // Fields at fault, to bring the first into view once they are drawn (a hidden one shows first).
  const [faults, setFaults] = useState<string[] | null>(null);
  useEffect(() => {
    if (faults) focusFirstField(faults);
  }, [faults]);

  const submit = form.handleSubmit(
    async (values) => {
      setSubmitting(true);
      check.cancel();
      try {
        const run = await request<RunSummary>('runs', 'POST', bodyOf(values));
        notifyAfterNavigation('success', 'Run submitted');
        window.location.assign(viewRoute(ROUTES.runView, run.id));
      } catch (error) {
        setSubmitting(false);
        const keys = error instanceof RequestError ? [...new Set(Object.keys(error.errors).map(formFieldOf))].filter((key) => fieldElementId(key)) : [];
        if (error instanceof RequestError) {
          for (const [key, message] of Object.entries(error.errors)) {
            const name = formFieldOf(key);
            if (name.startsWith('params.') && fields.find((field) => `params.${field.name}` === name)?.hidden) setShowHidden(true);
            form.setError(name as Path<LaunchValues>, { type: 'server', message });
          }
        }
        // Refused on fields the form shows: they say what is wrong. Otherwise the server's sentence is all there is.
        if (keys.length > 0) {
          setFaults(keys);
          notify.error(needsFixingMessage(keys.length));
        } else {
          notify.error(error);
        }
      }
    },
    (errors) => {
      if (fields.some((field) => field.hidden && errors.params?.[field.name])) setShowHidden(true);
      // The check's messages are faults too: the count is of every field in red.
      const keys = [...new Set([...faultyFields(errors), ...Object.keys(check.messages).filter((key) => fieldElementId(key))])];
      setFaults(keys);
      notify.error(needsFixingMessage(keys.length));
    },
  );

  return (
    <FormProvider {...form}>
      <LaunchCheckMessages.Provider value={check.messages}>
        {/* Leaving any field asks the check (React's blur bubbles, as focusout does). */}
        <form noValidate onSubmit={submit} onBlur={check.schedule} className="grid gap-6" aria-label={`Launch ${pipeline.label}`}>
          <RunDetailsCard pipeline={pipeline} from={from} runGroups={runGroups} projects={projects} />
          <ParamsFileActions pipeline={pipeline} groups={groups} showHidden={showHidden} onShowHidden={setShowHidden} />
          <ParameterGroups pipeline={pipeline} groups={groups} showHidden={showHidden} />
          <div className="flex items-center justify-end gap-3">
            <a href={ROUTES.runs} className="text-sm text-stone-600 hover:underline">
              Cancel
            </a>
            <Button type="submit" variant="primary" busy={submitting} disabled={Boolean(pipeline.launchProblem)}>
              {submitting ? 'Launching…' : 'Launch run'}
            </Button>
          </div>
        </form>
      </LaunchCheckMessages.Provider>
    </FormProvider>
  );
}
