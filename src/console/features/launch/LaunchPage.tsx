import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { RelaunchName } from '../../../contract/lineage';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import type { Page } from '../../../contract/paging';
import type { ProjectRecord } from '../../../contract/records';
import type { RunGroup } from '../../../contract/runs';
import { groupsOf } from './schema-form';
import type { EarlierRun, Pipeline } from './launch-types';

// The form (react-hook-form, the field kit, the run-name words) is fetched while the pipeline and
// the lists load: it is drawn only once they are in.
const loadLaunchForm = () => import('./LaunchForm');
const LaunchForm = lazy(() => loadLaunchForm().then((module) => ({ default: module.LaunchForm })));

export function Launch({ pipelineId }: { pipelineId: string }) {
  // ?from=<run id>: relaunch with that run's parameters.
  const from = useQueryParam('from', RECORD_ID);
  // ?project=&experiment=: launched from a project's or an experiment's page, for it.
  const project = useQueryParam('project', RECORD_ID);
  const experiment = useQueryParam('experiment', RECORD_ID);
  const pipeline = useRequest<Pipeline>(`pipelines/${pipelineId}`);
  const runGroups = useRequest<Page<RunGroup>>('run-groups?pageSize=1000&sort=name');
  const projects = useRequest<Page<ProjectRecord>>('projects?pageSize=1000&sort=name');
  const earlier = useRequest<EarlierRun>(from ? `runs/${from}` : null);
  // The relaunch's name, numbered past the names taken (gdip_panel_2 taken: gdip_panel_3).
  const relaunchName = useRequest<RelaunchName>(from ? `runs/${from}/relaunch-name` : null);
  const groups = useMemo(() => (pipeline.data ? groupsOf(pipeline.data.schema) : []), [pipeline.data]);
  useEffect(() => {
    // A failed load is reported where the form is drawn (React.lazy throws it there).
    loadLaunchForm().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (earlier.data && earlier.data.pipelineId !== pipelineId) notify.error(`Run ${earlier.data.name} is a ${earlier.data.pipelineId} run; its parameters do not apply here.`);
  }, [earlier.data, pipelineId]);

  const failed = pipeline.error ?? runGroups.error ?? projects.error ?? earlier.error;
  if (failed) {
    const what = pipeline.error ? 'the pipeline' : earlier.error ? 'the earlier run' : 'the launch form';
    return (
      <LoadError
        what={what}
        error={failed}
        onRetry={() => {
          for (const state of [pipeline, runGroups, projects, earlier]) state.reload();
        }}
      />
    );
  }
  // Without the server's name (its request failed), the relaunch is still named on from the earlier run.
  const waitingForEarlier = from === undefined || project === undefined || (from !== null && (!earlier.data || (!relaunchName.data && !relaunchName.error)));
  if (!pipeline.data || !runGroups.data || !projects.data || waitingForEarlier) return <LoadingOverlay />;
  const earlierRun = earlier.data && earlier.data.pipelineId === pipelineId ? earlier.data : null;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <LaunchForm
        pipeline={pipeline.data}
        groups={groups}
        runGroups={runGroups.data.data}
        projects={projects.data.data}
        from={earlierRun}
        relaunchName={relaunchName.data?.name}
        preset={{ projectId: project ?? '', experimentId: (project && experiment) || '' }}
      />
    </Suspense>
  );
}

/** `/tools/pipeline/run/<pipeline>`: the launch form of one pipeline, generated from its schema. */
export default function LaunchPage({ pipelineId, route, title }: { pipelineId: string; route: string; title: string }) {
  return (
    <ConsoleShell title={title} route={route}>
      <Launch pipelineId={pipelineId} />
    </ConsoleShell>
  );
}
