import { ROUTES } from '../../app/routes';
import { ConsoleShell } from '../../app/ConsoleShell';
import { LiveStatus } from '../../ui/LiveStatus';
import { ImportCrateButton } from '../lineage/ImportCrateButton';
import { RunsTable } from './RunsTable';

/** `/tools/pipeline/monitor/pipeline-run/list`: every run, newest first, following live. */
export default function RunsListPage() {
  return (
    <ConsoleShell
      title="Runs"
      route={ROUTES.runs}
      actions={
        <>
          <a className="text-sm font-medium text-emerald-800 hover:underline" href={ROUTES.resourceTrends}>
            Resources and trends
          </a>
          <ImportCrateButton />
          <LiveStatus />
        </>
      }
    >
      <RunsTable withFilters />
    </ConsoleShell>
  );
}
