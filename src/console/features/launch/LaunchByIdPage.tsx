import { useEffect, useState } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { LoadError } from '../../ui/LoadError';
import { Launch } from './LaunchPage';

/** `/tools/pipeline/run/?id=<pipeline>`: the launch form of any catalogue pipeline, the Launch menu's or another. */
export default function LaunchByIdPage() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get('id');
    setId(value && /^[a-z0-9][a-z0-9-]*$/.test(value) ? value : null);
  }, []);
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
