import { useMemo } from 'react';
import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SimpleTable } from '../../ui/SimpleTable';
import { ModelsCompared, PredictedAgainstObserved } from './PredictionCharts';
import { type ModelTraitScore, scoreModel } from './prediction-data';
import type { PredictionTables } from './prediction-loading';
import { formatPearson, formatScore } from './score-format';
import { predictionScoresCsv } from './scores-csv';

/** Each model scored per trait against observed values: the table, the comparison and the scatter. */
export function PredictionScoring({ title, models, observed, leaderboard, board }: PredictionTables & { title: string; leaderboard?: string; board?: string }) {
  const scores = useMemo(() => models.flatMap((model) => scoreModel(model.name, model.predictions, model.observed ?? observed?.values ?? new Map())), [models, observed]);
  return (
    <div className="grid gap-6">
      <Card
        title={`${title}: scores per model and trait`}
        description={`${models.length} model${models.length === 1 ? '' : 's'} against the observed values of ${observed?.name ?? 'each table'}. Bias is the slope of observed on predicted: 1 is unbiased, below 1 over-dispersed, above 1 too shrunk.`}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {leaderboard && (
              <a className="text-sm text-emerald-800 hover:underline" href={leaderboard}>
                Leaderboard on this dataset
              </a>
            )}
            {board && (
              <a className="text-sm text-emerald-800 hover:underline" href={board}>
                Dataset board
              </a>
            )}
            <Button size="sm" onClick={() => saveBlob(new Blob([predictionScoresCsv(scores)], { type: 'text/csv' }), `${title}-prediction-scores.csv`)}>
              Export CSV
            </Button>
          </div>
        }
      >
        <SimpleTable<ModelTraitScore>
          label="Prediction scores"
          dense
          rows={scores}
          rowKey={(row) => `${row.model}/${row.trait}`}
          columns={[
            { header: 'Model', className: 'font-medium', cell: (row) => row.model },
            { header: 'Trait', cell: (row) => row.trait },
            { header: 'n', align: 'right', cell: (row) => (row.unmatched > 0 ? <span title={`${row.unmatched} predicted individuals have no observed value`}>{row.n} *</span> : row.n) },
            { header: 'Pearson r', align: 'right', className: 'font-medium', cell: formatPearson },
            { header: 'Spearman ρ', align: 'right', cell: (row) => formatScore(row.spearman) },
            { header: 'RMSE', align: 'right', cell: (row) => formatScore(row.rmse) },
            { header: 'Bias (slope)', align: 'right', cell: (row) => formatScore(row.slope) },
            { header: 'Intercept', align: 'right', cell: (row) => formatScore(row.intercept) },
          ]}
        />
        {scores.some((row) => row.unmatched > 0) && <p className="mt-2 text-xs text-stone-500">* Some predicted individuals have no observed value for the trait and are left out.</p>}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ModelsCompared modelNames={models.map((model) => model.name)} scores={scores} />
        <PredictedAgainstObserved models={models} observed={observed} scores={scores} />
      </div>
    </div>
  );
}
