import { ROUTES } from '../../app/routes';
import { saveBlob } from '../../lib/download';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SimpleTable } from '../../ui/SimpleTable';
import { type Leaderboard, type LeaderboardEntry, loadLeaderboard } from './leaderboard';
import { benchmarkResultsRoute, datasetBoardRoute } from './result-links';
import { formatPearson, formatScore } from './score-format';
import { predictionScoresCsv } from './scores-csv';

/** Every entry of the leaderboard as one CSV, each row with its rank and benchmark. */
function saveLeaderboardCsv({ name, traits }: Leaderboard) {
  const rows = traits.flatMap(([, entries]) => entries);
  const csv = predictionScoresCsv(
    rows.map((entry) => entry.score),
    rows.map((entry) => [entry.rank || 'NA', entry.run.groupName ?? '']),
  );
  saveBlob(new Blob([csv], { type: 'text/csv' }), `${name}-leaderboard.csv`);
}

/** One trait's models, best first. */
function TraitLeaderboard({ trait, entries }: { trait: string; entries: LeaderboardEntry[] }) {
  return (
    <section aria-label={`Leaderboard for ${trait}`}>
      <h3 className="mb-2 text-sm font-semibold text-stone-800">{trait}</h3>
      <SimpleTable<LeaderboardEntry>
        label={`Leaderboard for ${trait}`}
        dense
        rows={entries}
        rowKey={(entry) => `${entry.run.id}/${entry.score.model}`}
        columns={[
          { header: 'Rank', align: 'right', cell: (entry) => (entry.rank === 0 ? '—' : entry.rank) },
          { header: 'Model', className: 'font-medium', cell: (entry) => entry.score.model },
          {
            header: 'Benchmark',
            cell: (entry) =>
              entry.run.groupId ? (
                <a className="text-emerald-800 hover:underline" href={benchmarkResultsRoute(ROUTES.predictionResults, entry.run.groupId)}>
                  {entry.run.groupName}
                </a>
              ) : (
                entry.run.name
              ),
          },
          { header: 'n', align: 'right', cell: (entry) => entry.score.n },
          { header: 'Pearson r', align: 'right', className: 'font-medium', cell: (entry) => formatPearson(entry.score) },
          { header: 'Spearman ρ', align: 'right', cell: (entry) => formatScore(entry.score.spearman) },
          { header: 'RMSE', align: 'right', cell: (entry) => formatScore(entry.score.rmse) },
          { header: 'Bias (slope)', align: 'right', cell: (entry) => formatScore(entry.score.slope) },
        ]}
      />
    </section>
  );
}

/** `?dataset=`: every model benchmarked on one prediction dataset, ranked per trait. */
export function DatasetLeaderboard({ datasetId }: { datasetId: string }) {
  const board = useRequest(() => loadLeaderboard(datasetId), datasetId);
  if (board.error) return <LoadError what="the leaderboard" error={board.error} onRetry={board.reload} />;
  if (!board.data) return <LoadingOverlay />;
  const leaderboard = board.data;
  const { name, observedName, traits, runCount } = leaderboard;
  if (traits.length === 0) {
    return (
      <Card title={`Leaderboard: ${name}`}>
        <p className="text-sm text-stone-600">
          No prediction benchmark on this dataset has a succeeded run yet.{' '}
          <a className="text-emerald-800 hover:underline" href={ROUTES.predictionLaunch}>
            Launch one
          </a>
          .
        </p>
      </Card>
    );
  }
  return (
    <Card
      title={`Leaderboard: ${name}`}
      description={`Every model benchmarked on this dataset (${runCount} succeeded run${runCount === 1 ? '' : 's'}), ranked per trait by Pearson r against ${observedName}. A model benchmarked more than once counts once, from its latest run.`}
      actions={
        <>
          <a className="text-sm text-emerald-800 hover:underline" href={datasetBoardRoute(datasetId)}>
            Dataset board, with cost
          </a>
          <Button size="sm" onClick={() => saveLeaderboardCsv(leaderboard)}>
            Export CSV
          </Button>
        </>
      }
    >
      <div className="grid gap-6">
        {traits.map(([trait, entries]) => (
          <TraitLeaderboard key={trait} trait={trait} entries={entries} />
        ))}
      </div>
    </Card>
  );
}
