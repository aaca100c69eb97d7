import { useMemo } from 'react';
import { CURVE_WINDOWS_BP } from '../../../contract/benchmark-metrics';
import type { RunCost } from '../../../contract/run-costs';
import type { RunSummary } from '../../../contract/runs';
import { ROUTES } from '../../app/routes';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { ViewLink } from '../../ui/ViewLink';
import { useAddressParam } from './board-parts';
import { DetectionBoard, PredictionBoard } from './DatasetBoardSections';
import { benchmarkKindOf, type DatasetBoard } from './dataset-board-loading';
import { runOutcome } from './run-outcome';
import { crossValidationRows, detectionRows, predictionRows } from './dataset-board-rows';
import { ruleText } from './discovery-scores';
import { ruleOf, viewFromQuery } from './discovery-view';
import { summariseCosts, useRunCosts } from './run-costs';

/** The runs labelled with the dataset that were not scored: failed ones (never scored) and those still going. */
function UnscoredRuns({ runs, reloading, onReload }: { runs: RunSummary[]; reloading: boolean; onReload: () => void }) {
  if (runs.length === 0) return null;
  const failed = runs.filter((run) => runOutcome(run) === 'failed').length;
  return (
    <Card
      title="Runs not scored"
      description={`${failed} failed or cancelled (never scored) and ${runs.length - failed} still going (scored once they succeed). Open a run for its log and the reason.`}
      actions={
        failed < runs.length ? (
          <Button size="sm" busy={reloading} onClick={onReload}>
            Score the ended runs
          </Button>
        ) : undefined
      }
    >
      <SimpleTable<RunSummary>
        label="Runs not scored"
        dense
        rows={runs}
        rowKey={(run) => run.id}
        columns={[
          {
            header: 'Run',
            className: 'font-medium',
            cell: (run) => (
              <ViewLink route={ROUTES.runView} id={run.id}>
                {run.name}
              </ViewLink>
            ),
          },
          { header: 'Benchmark', cell: (run) => run.groupName ?? '—' },
          { header: 'Kind', cell: (run) => benchmarkKindOf(run) ?? '—' },
          { header: 'Status', cell: (run) => (runOutcome(run) === 'failed' ? <span className="text-red-800">{run.status.toLowerCase()}: not scored</span> : run.status.toLowerCase()) },
          { header: 'Reason', cell: (run) => run.statusReason ?? '—' },
          { header: 'Submitted', className: 'whitespace-nowrap', cell: (run) => formatDateTime(run.submittedAt) },
        ]}
      />
    </Card>
  );
}

/** Each row with its cost over its runs, once the costs are read. */
const withCosts = <Row extends { runIds: number[] }>(rows: Row[], costs: ReadonlyMap<number, RunCost> | undefined) =>
  rows.map((row) => ({ ...row, cost: costs ? summariseCosts(row.runIds, costs) : undefined }));

/** No benchmark has run on the dataset yet: how to launch one. */
function EmptyBoard({ board }: { board: DatasetBoard }) {
  const launch = board.dataset.kind === 'known-gdip' ? { route: ROUTES.discoveryLaunch, label: 'Launch discovery' } : { route: ROUTES.predictionLaunch, label: 'Launch prediction' };
  return (
    <Card title="No benchmark has run on this dataset yet">
      <p className="text-sm text-stone-600">
        The board lists every method benchmarked on {board.dataset.name}. Pick this dataset on{' '}
        <a className="font-medium text-emerald-800 hover:underline" href={launch.route}>
          {launch.label}
        </a>
        , choose the methods and launch: each method's runs appear here, scored when they succeed, with their time, CPU and memory.
      </p>
    </Card>
  );
}

/** One dataset's board, once its runs are read: detection and prediction by method, with cost, and the runs not scored. */
export function Board({ board, reloading, onReload }: { board: DatasetBoard; reloading: boolean; onReload: () => void }) {
  const [windowParam, setWindowParam] = useAddressParam('window');
  const windowBp = CURVE_WINDOWS_BP.find((bp) => String(bp) === windowParam) ?? 1_000_000;
  const rule = useMemo(() => ruleOf(viewFromQuery(window.location.search)), []);
  const detection = useMemo(() => detectionRows(board.discovery, windowBp, rule), [board, windowBp, rule]);
  const prediction = useMemo(() => [...crossValidationRows(board.crossValidation, board.groupOf), ...predictionRows(board.prediction, board.observed?.values ?? null)], [board]);
  const costs = useRunCosts(useMemo(() => [...detection, ...prediction].flatMap((row) => row.runIds), [detection, prediction]));
  const costedDetection = useMemo(() => withCosts(detection, costs.data), [detection, costs.data]);
  const costedPrediction = useMemo(() => withCosts(prediction, costs.data), [prediction, costs.data]);
  const unscored = board.runs.filter((run) => runOutcome(run) !== 'succeeded' && benchmarkKindOf(run) !== null);
  const { dataset } = board;
  return (
    <div className="grid gap-6">
      <Card
        title={dataset.name}
        description={`${dataset.kind === 'known-gdip' ? 'Known GDIP dataset' : 'Prediction data'} · ${board.runs.length} benchmark run${board.runs.length === 1 ? '' : 's'} on it, ${board.runs.filter((run) => runOutcome(run) === 'succeeded').length} scored.`}
        actions={
          <ViewLink route={ROUTES.filesetView} id={dataset.id}>
            The dataset's files
          </ViewLink>
        }
      />
      {costs.error && <LoadError what="the runs' costs" error={costs.error} onRetry={costs.reload} />}
      {detection.length === 0 && prediction.length === 0 && unscored.length === 0 && <EmptyBoard board={board} />}
      {detection.length > 0 && <DetectionBoard dataset={dataset.name} rows={costedDetection} windowBp={windowBp} onWindowChange={(bp) => setWindowParam(String(bp))} ruleText={ruleText(rule)} />}
      {prediction.length > 0 && <PredictionBoard dataset={dataset.name} rows={costedPrediction} />}
      <UnscoredRuns runs={unscored} reloading={reloading} onReload={onReload} />
    </div>
  );
}
