import { SimpleTable } from '../../ui/SimpleTable';
import { ROUTES } from '../../app/routes';
import { ConsoleShell } from '../../app/ConsoleShell';
import { LOGIN_ROUTE } from '../../app/navigation';
import { BarChart } from '../../ui/charts/BarChart';
import { Card } from '../../ui/Card';
import { ProcessBars } from '../runs/ProcessBars';
import { ProgressBar, StatusBadge } from '../runs/status';
import { demoBenchmark, demoRunProcesses, demoRuns } from './sample-data';

function RunsTable() {
  return (
    <Card title="Runs" description="What the Runs page shows: every pipeline run with its live progress.">
      <SimpleTable
        rows={demoRuns}
        rowKey={(run) => run.name}
        columns={[
          { header: 'Name', className: 'font-medium text-stone-900', cell: (run) => run.name },
          { header: 'Pipeline', className: 'text-stone-700', cell: (run) => run.pipeline },
          { header: 'Status', cell: (run) => <StatusBadge status={run.status} /> },
          { header: 'Progress', cell: (run) => <ProgressBar done={run.tasksDone} total={run.tasksTotal} label={`${run.name} tasks done`} status={run.status} /> },
          { header: 'Run group', className: 'text-stone-600', cell: (run) => run.group },
          { header: 'Launched by', className: 'text-stone-600', cell: (run) => run.launchedBy },
          { header: 'Submitted', className: 'whitespace-nowrap text-stone-600', cell: (run) => run.submitted },
          { header: 'Duration', className: 'text-stone-600', cell: (run) => run.duration },
        ]}
      />
    </Card>
  );
}

function RunProgress() {
  const run = demoRuns[0]!;
  return (
    <Card title={`Run ${run.name}`} description={`${run.pipeline} · ${run.tasksDone} of ${run.tasksTotal} tasks done`}>
      <ProcessBars processes={demoRunProcesses} ended={false} />
    </Card>
  );
}

const COLORS = ['#047857', '#0ea5e9', '#f59e0b'];
const chartLabels = demoBenchmark.traits.map((entry) => entry.trait);
const chartSeries = demoBenchmark.methods.map((method, index) => ({ label: method, values: demoBenchmark.traits.map((entry) => entry.f1[index]!), color: COLORS[index]! }));

function BenchmarkChart() {
  return (
    <Card title="Discovery benchmark" description="F1 of three discovery methods against 20 known QTL per trait (hits within 1 Mb count).">
      <BarChart labels={chartLabels} series={chartSeries} yLabel="F1" yMax={1} ariaLabel="F1 score per trait and discovery method" />
    </Card>
  );
}

export default function DemoPage() {
  return (
    <ConsoleShell
      title="Seedbed demo"
      route={ROUTES.demo}
      isPublic
      offline
      actions={
        <a href={LOGIN_ROUTE} className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800">
          Sign in
        </a>
      }
    >
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-stone-600">
        A read-only preview on sample data from a wheat breeding programme. Nothing here is live; sign in to launch pipelines and keep your own breeding data.
      </p>
      <div className="grid gap-6">
        <RunsTable />
        <div className="grid gap-6 lg:grid-cols-2">
          <RunProgress />
          <BenchmarkChart />
        </div>
      </div>
    </ConsoleShell>
  );
}
