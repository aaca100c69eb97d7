import { labelValue } from '../../../contract/benchmark-labels';
import type { Page } from '../../../contract/paging';
import type { RunSummary } from '../../../contract/runs';
import { request } from '../../lib/api';
import { type ModelTraitScore, scoreModel } from './prediction-data';
import { runOutcome } from './run-outcome';
import { datasetObserved, runPredictions } from './prediction-loading';

/** A model's place on one trait's leaderboard; rank 0 is unranked (its r has no value). */
export interface LeaderboardEntry {
  rank: number;
  score: ModelTraitScore;
  run: RunSummary;
}

/** How a model is ranked: its mean r across folds where there are folds, else its r. */
const accuracy = (score: ModelTraitScore) => score.foldPearson?.mean ?? score.pearson;

/** The entries per trait, best first; an undefined r (a constant prediction, no observed individual) ranks last, unranked. */
export function rankByTrait(entries: Array<Omit<LeaderboardEntry, 'rank'>>): Array<[trait: string, entries: LeaderboardEntry[]]> {
  const byTrait = new Map<string, LeaderboardEntry[]>();
  for (const entry of entries) byTrait.set(entry.score.trait, [...(byTrait.get(entry.score.trait) ?? []), { ...entry, rank: 0 }]);
  for (const ranked of byTrait.values()) {
    ranked.sort((a, b) => (accuracy(b.score) ?? Number.NEGATIVE_INFINITY) - (accuracy(a.score) ?? Number.NEGATIVE_INFINITY));
    ranked.forEach((entry, index) => {
      entry.rank = accuracy(entry.score) === null ? 0 : index + 1;
    });
  }
  return [...byTrait].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Every model ever benchmarked on one prediction dataset, ranked per trait by Pearson r (mean
 * across folds where there are folds). A model benchmarked twice appears once, from its latest run.
 */
export async function loadLeaderboard(datasetId: string) {
  const [{ fileset, observed }, runs] = await Promise.all([
    datasetObserved(datasetId),
    request<Page<RunSummary>>(`runs?label=${encodeURIComponent(`dataset:${datasetId}`)}&pipelineId=make-gdip-predictions&status=SUCCEEDED&pageSize=200&sort=submittedAt&order=desc`),
  ]);
  const latest = new Map<string, RunSummary>();
  for (const run of runs.data.filter((candidate) => runOutcome(candidate) === 'succeeded')) {
    const model = labelValue(run.labels, 'model') ?? `run ${run.id}`;
    if (!latest.has(model)) latest.set(model, run);
  }
  const scored = await Promise.all(
    [...latest.values()].map(async (run) =>
      (await runPredictions(run)).flatMap((model) => scoreModel(model.name, model.predictions, model.observed ?? observed.values).map((score) => ({ score, run }))),
    ),
  );
  return { name: fileset.name, observedName: observed.name, runCount: runs.pagination.totalCount, traits: rankByTrait(scored.flat()) };
}

/** A dataset's leaderboard as `loadLeaderboard` reads it. */
export type Leaderboard = Awaited<ReturnType<typeof loadLeaderboard>>;
