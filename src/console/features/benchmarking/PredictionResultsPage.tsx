import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { DatasetLeaderboard } from './Leaderboard';
import { PredictionScoring } from './PredictionScoring';
import { loadAnyPredictionBenchmark } from './prediction-cv-loading';
import { loadPredictionFileset } from './prediction-loading';
import { BenchmarkResults } from './benchmark-results';
import { FilesetResults } from './fileset-results';
import { datasetBoardRoute, leaderboardRoute } from './result-links';

/** The lists (data tables) load only on the page without a query: a result opened by its address does not wait for them. */
const PredictionResultsList = lazy(() => import('./PredictionResultsList'));
/** A cross-validation benchmark's board loads with the first one opened. */
const PredictionCvBoard = lazy(() => import('./PredictionCvBoard').then((module) => ({ default: module.PredictionCvBoard })));

/**
 * `/benchmarking/prediction/results/fileset`: benchmarks, leaderboards and filesets holding
 * predictions; with `?dataset=` the dataset's leaderboard, with `?group=` a benchmark, with `?id=`
 * a fileset: each model scored per trait (n, Pearson r, Spearman ρ, RMSE, bias, and per fold where
 * folds exist), predicted against observed, and the models compared; a cross-validation
 * benchmark's methods on each dataset's frozen folds, with intervals and the comparison with the best.
 */
export default function PredictionResultsPage() {
  const id = useRecordId();
  const groupId = useQueryParam('group', RECORD_ID);
  const datasetId = useQueryParam('dataset', RECORD_ID);
  return (
    <ConsoleShell title="Prediction results" route={ROUTES.predictionResults} {...(id || groupId || datasetId ? { backHref: ROUTES.predictionResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined || datasetId === undefined ? null : datasetId ? (
        <DatasetLeaderboard datasetId={datasetId} />
      ) : groupId ? (
        <BenchmarkResults groupId={groupId} load={loadAnyPredictionBenchmark}>
          {(benchmark, group) =>
            benchmark.kind === 'cross-validation' ? (
              <Suspense fallback={<p className="text-sm text-stone-500">Loading…</p>}>
                {benchmark.datasets.map((dataset) => (
                  <PredictionCvBoard key={dataset.id} title={`${group.name} · ${dataset.name}`} dataset={dataset} runs={dataset.runs} />
                ))}
              </Suspense>
            ) : (
              benchmark.datasets.map((dataset) => (
                <PredictionScoring
                  key={dataset.id}
                  title={`${group.name} · ${dataset.name}`}
                  models={dataset.models}
                  observed={dataset.observed}
                  leaderboard={leaderboardRoute(dataset.id)}
                  board={datasetBoardRoute(dataset.id)}
                />
              ))
            )
          }
        </BenchmarkResults>
      ) : id ? (
        <FilesetResults id={id} load={loadPredictionFileset}>
          {(tables, fileset) => <PredictionScoring title={fileset.name} {...tables} />}
        </FilesetResults>
      ) : (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading…</p>}>
          <PredictionResultsList />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
