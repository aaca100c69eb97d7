import { useMemo, useState } from 'react';
import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { ScatterChart, type ScatterSeries } from '../../ui/charts/ScatterChart';
import type { ModelPredictions, ModelTraitScore } from './prediction-data';
import type { ObservedTable } from './prediction-loading';
import { seriesColor } from './series-colors';

/** Each model's Pearson r per trait as bars, with ± one sd across folds where there are folds. */
export function ModelsCompared({ modelNames, scores }: { modelNames: string[]; scores: ModelTraitScore[] }) {
  const traits = useMemo(() => [...new Set(scores.map((score) => score.trait))].sort(), [scores]);
  return (
    <Card title="Models compared" description="Pearson r per trait; error bars are ± one standard deviation across cross-validation folds, where the predictions name folds.">
      <BarChart
        labels={traits}
        series={modelNames.map((model, index) => {
          const byTrait = traits.map((trait) => scores.find((score) => score.model === model && score.trait === trait));
          return {
            label: model,
            color: seriesColor(index),
            values: byTrait.map((score) => score?.foldPearson?.mean ?? score?.pearson ?? 0),
            errors: byTrait.map((score) => score?.foldPearson?.sd ?? null),
          };
        })}
        yLabel="Pearson r"
        yMax={1}
        ariaLabel="Pearson r of each model per trait"
      />
    </Card>
  );
}

/** The individuals of one model and trait, the 1:1 line and the fitted line; none when no individual has an observed value. */
function scatterSeries(shown: ModelTraitScore, model: ModelPredictions, observed: ObservedTable | null): ScatterSeries[] {
  const values = (model.observed ?? observed?.values)?.get(shown.trait);
  const points = model.predictions.filter((row) => row.trait === shown.trait && values?.has(row.id)).map((row) => ({ x: row.prediction, y: values!.get(row.id)! }));
  if (points.length === 0) return [];
  const low = points.reduce((least, point) => Math.min(least, point.x, point.y), Number.POSITIVE_INFINITY);
  const high = points.reduce((most, point) => Math.max(most, point.x, point.y), Number.NEGATIVE_INFINITY);
  const series: ScatterSeries[] = [
    { label: 'Individuals', color: '#047857', points, radius: 3 },
    {
      label: '1:1 (perfect, unbiased)',
      color: '#9ca3af',
      line: true,
      points: [
        { x: low, y: low },
        { x: high, y: high },
      ],
    },
  ];
  if (shown.slope !== null && shown.intercept !== null) {
    const minX = points.reduce((least, point) => Math.min(least, point.x), Number.POSITIVE_INFINITY);
    const maxX = points.reduce((most, point) => Math.max(most, point.x), Number.NEGATIVE_INFINITY);
    series.push({
      label: `Fitted: observed = ${shown.intercept.toFixed(2)} + ${shown.slope.toFixed(3)} × predicted`,
      color: '#b45309',
      line: true,
      points: [
        { x: minX, y: shown.intercept + shown.slope * minX },
        { x: maxX, y: shown.intercept + shown.slope * maxX },
      ],
    });
  }
  return series;
}

/** A model and trait chosen (at first the first one with observed individuals), its predictions against the observed values. */
export function PredictedAgainstObserved({ models, observed, scores }: { models: ModelPredictions[]; observed: ObservedTable | null; scores: ModelTraitScore[] }) {
  const [choice, setChoice] = useState<{ model: string; trait: string } | null>(null);
  const shown = scores.find((score) => score.model === choice?.model && score.trait === choice?.trait) ?? scores.find((score) => score.n > 0) ?? scores[0] ?? null;
  const scatter = useMemo(() => {
    const model = models.find((candidate) => candidate.name === shown?.model);
    return shown && model ? scatterSeries(shown, model, observed) : [];
  }, [shown, models, observed]);
  return (
    <Card
      title="Predicted against observed"
      actions={
        <select
          aria-label="Model and trait"
          className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
          value={shown ? `${shown.model}\u0000${shown.trait}` : ''}
          onChange={(event) => {
            const [model, trait] = event.target.value.split('\u0000');
            setChoice({ model: model!, trait: trait! });
          }}
        >
          {scores.map((score) => (
            <option key={`${score.model}/${score.trait}`} value={`${score.model}\u0000${score.trait}`}>
              {score.model} · {score.trait}
            </option>
          ))}
        </select>
      }
    >
      {scatter.length > 0 ? (
        <ScatterChart series={scatter} xLabel="Predicted" yLabel="Observed" ariaLabel={`Predicted against observed, ${shown?.model}, ${shown?.trait}`} />
      ) : (
        <p className="text-sm text-stone-500">No individual of this model and trait has an observed value.</p>
      )}
    </Card>
  );
}
