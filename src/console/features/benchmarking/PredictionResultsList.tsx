import { ROUTES } from '../../app/routes';
import { OBSERVED, PREDICTIONS } from './prediction-loading';
import { BenchmarkList, ResultFilesetsList } from './result-filesets';
import { leaderboardRoute } from './result-links';

/** Without a query: the benchmarks, the datasets' leaderboards and the uploaded filesets there are to score. */
export default function PredictionResultsList() {
  return (
    <div className="grid gap-6">
      <BenchmarkList
        route={ROUTES.predictionResults}
        kind="prediction-benchmark"
        launchRoute={ROUTES.predictionLaunch}
        description="From Launch prediction: trained models applied to prediction datasets, or methods cross-validated on datasets' frozen folds, scored when their runs end."
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
