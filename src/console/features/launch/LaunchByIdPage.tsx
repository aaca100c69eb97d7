import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useQueryParam } from '../../lib/use-query-param';
import { LoadError } from '../../ui/LoadError';
import { Launch } from './LaunchPage';

const PIPELINE_ID = /^[a-z0-9][a-z0-9-]*$/;

/** `/tools/pipeline/run/?id=<pipeline>`: the launch form of any catalogue pipeline, the Launch menu's or another. */
export default function LaunchByIdPage() {
  const id = useQueryParam('id', PIPELINE_ID);
  return (
    <ConsoleShell title="Launch a pipeline" route={ROUTES.launchById} backHref={ROUTES.pipelineCatalogue} backLabel="All pipelines">
      {id === null ? (
        <LoadError what="the pipeline" error={new Error('this page needs ?id= with a pipeline id of the catalogue')} onRetry={() => window.location.assign(ROUTES.pipelineCatalogue)} />
      ) : id ? (
        <Launch pipelineId={id} />
      ) : null}
    </ConsoleShell>
  );
}
