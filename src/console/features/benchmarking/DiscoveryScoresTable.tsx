import { saveBlob } from '../../lib/download';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SimpleTable } from '../../ui/SimpleTable';
import type { ScoreRow } from './discovery-scores';
import { formatScore } from './score-format';
import { discoveryScoresCsv } from './scores-csv';

/** The scores per method and trait, each method's total under its traits, with the CSV export. */
export function DiscoveryScoresTable({ title, datasetName, rows, windowMb, ruleText }: { title: string; datasetName: string; rows: ScoreRow[]; windowMb: number; ruleText: string }) {
  return (
    <Card
      title={title}
      actions={
        <Button size="sm" onClick={() => saveBlob(new Blob([discoveryScoresCsv(rows, windowMb, ruleText)], { type: 'text/csv' }), `${datasetName}-discovery-scores.csv`)}>
          Export CSV
        </Button>
      }
    >
      <SimpleTable<ScoreRow>
        label="Discovery scores"
        dense
        rows={rows}
        rowKey={(row) => `${row.method}/${row.trait}`}
        columns={[
          { header: 'Method', className: 'font-medium', cell: (row) => (row.total ? '' : row.method) },
          {
            header: 'Trait',
            cell: (row) =>
              row.total ? (
                <span className="font-medium">
                  {row.method}, {row.trait}
                </span>
              ) : (
                row.trait
              ),
          },
          { header: 'Tests', align: 'right', cell: (row) => row.tests.toLocaleString('en') },
          { header: 'Hits', align: 'right', cell: (row) => row.hits.toLocaleString('en') },
          { header: 'Known QTL', align: 'right', cell: (row) => row.knownQtl },
          { header: 'TP', align: 'right', cell: (row) => row.truePositives },
          { header: 'FP', align: 'right', cell: (row) => row.falsePositives },
          { header: 'FN', align: 'right', cell: (row) => row.falseNegatives },
          { header: 'Precision', align: 'right', cell: (row) => formatScore(row.precision) },
          { header: 'Recall', align: 'right', cell: (row) => formatScore(row.recall) },
          { header: 'F1', align: 'right', className: 'font-medium', cell: (row) => formatScore(row.f1) },
        ]}
      />
    </Card>
  );
}
