import type { PipelineList } from '../../../contract/pipelines';
import { ConsoleShell } from '../../app/ConsoleShell';
import { launchRoute, ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/**
 * `/tools/pipeline/catalogue`: every pipeline this server's catalogue holds, by group, each linked
 * to its launch form — the Launch menu's twelve and any an administrator added.
 */
export default function CataloguePage() {
  const { data, error, reload } = useRequest<PipelineList>('pipelines');
  return (
    <ConsoleShell title="All pipelines" route={ROUTES.pipelineCatalogue}>
      {error ? (
        <LoadError what="the pipeline catalogue" error={error} onRetry={reload} />
      ) : !data ? (
        <LoadingOverlay />
      ) : (
        <div className="grid gap-6">
          {[...new Set(data.data.map((pipeline) => pipeline.group))].sort().map((group) => (
            <section key={group} aria-label={group} className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
              <h2 className="border-b border-stone-100 px-6 py-3 text-base font-semibold text-stone-900">{group}</h2>
              <ul className="divide-y divide-stone-100">
                {data.data
                  .filter((pipeline) => pipeline.group === group)
                  .map((pipeline) => (
                    <li key={pipeline.id} className="flex flex-wrap items-start gap-3 px-6 py-3">
                      <div className="min-w-0 flex-1">
                        <a href={launchRoute(pipeline.id)} className="font-medium text-emerald-800 hover:underline">
                          {pipeline.label}
                        </a>
                        <span className="ml-2 font-mono text-xs text-stone-500">
                          {pipeline.id} · {pipeline.revision} · {pipeline.engine}
                        </span>
                        <p className="mt-0.5 text-sm text-stone-600">{pipeline.description}</p>
                        {pipeline.launchProblem && <p className="mt-1 text-sm text-amber-800">{pipeline.launchProblem}</p>}
                      </div>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ConsoleShell>
  );
}
