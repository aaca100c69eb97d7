import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { DatasetLeaderboard } from './Leaderboard';
import { PredictionScoring } from './PredictionScoring';
import { loadPredictionBenchmark, loadPredictionFileset, OBSERVED, PREDICTIONS } from './prediction-loading';
import { BenchmarkResults } from './benchmark-results';
import { FilesetResults } from './fileset-results';
import { BenchmarkList, ResultFilesetsList } from './result-filesets';
import { leaderboardRoute } from './result-links';

/** Without a query: the benchmarks, the datasets' leaderboards and the uploaded filesets there are to score. */
function PredictionResultsList() {
  return (
    <div className="grid gap-6">
      <BenchmarkList
        route={ROUTES.predictionResults}
        kind="prediction-benchmark"
        launchRoute={ROUTES.predictionLaunch}
        description="Trained models run on prediction datasets from Launch prediction, scored when their runs end."
      />
      <ResultFilesetsList
        route={ROUTES.predictionResults}
        kind="prediction-data"
        linkTo={leaderboardRoute}
        title="Leaderboards"
        what="prediction datasets"
        description="Each prediction dataset's leaderboard: every model benchmarked on it, ranked per trait."
        emptyHint={
          <>
            No prediction dataset yet.{' '}
            <a className="text-emerald-800 hover:underline" href={ROUTES.registerPredictionData}>
              Register one
            </a>
            .
          </>
        }
      />
      <ResultFilesetsList
        route={ROUTES.predictionResults}
        fileTypes={[PREDICTIONS]}
        what="predictions"
        description={`Uploaded results: filesets holding one or more ${PREDICTIONS} tables (id, trait, prediction, and optionally model, repeat, fold and observed, as in Auto Train's cv_predictions.csv) and, where the tables have no observed column, a ${OBSERVED} with the observed values of the validation set.`}
      />
    </div>
  );
}

/**
 * `/benchmarking/prediction/results/fileset`: benchmarks, leaderboards and filesets holding
 * predictions; with `?dataset=` the dataset's leaderboard, with `?group=` a benchmark, with `?id=`
 * a fileset: each model scored per trait (n, Pearson r, Spearman ρ, RMSE, bias, and per fold where
 * folds exist), predicted against observed, and the models compared.
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
        <BenchmarkResults groupId={groupId} load={loadPredictionBenchmark}>
          {(datasets, group) =>
            datasets.map((dataset) => (
              <PredictionScoring key={dataset.id} title={`${group.name} · ${dataset.name}`} models={dataset.models} observed={dataset.observed} leaderboard={leaderboardRoute(dataset.id)} />
            ))
          }
        </BenchmarkResults>
      ) : id ? (
        <FilesetResults id={id} load={loadPredictionFileset}>
          {(tables, fileset) => <PredictionScoring title={fileset.name} {...tables} />}
        </FilesetResults>
      ) : (
        <PredictionResultsList />
      )}
    </ConsoleShell>
  );
}
