import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { useQueryParam } from '../../lib/use-query-param';
import { RecommendationCard } from './RecommendationCard';
import { TrendsCard } from './TrendsCard';

const PIPELINE_ID = /^[a-z0-9-]+$/;

function Resources() {
  const pipeline = useQueryParam('pipeline', PIPELINE_ID);
  return (
    <div className="grid gap-6">
      <RecommendationCard initialPipeline={pipeline ?? null} />
      <TrendsCard />
    </div>
  );
}

/** `/tools/pipeline/monitor/resources`: what each pipeline's processes should ask for, and where the CPU-hours went. */
export default function ResourcesPage() {
  return (
    <ConsoleShell title="Resources" route={ROUTES.resourceTrends} backHref={ROUTES.runs} backLabel="Runs">
      <Resources />
    </ConsoleShell>
  );
}
