import { Card } from '../../ui/Card';
import { BarChart } from '../../ui/charts/BarChart';
import { SimpleTable } from '../../ui/SimpleTable';
import type { AcrossDatasets } from './discovery-scores';
import { SCORE_COLORS } from './series-colors';

/** A mean with its standard deviation, as the table shows it: "0.500 ± 0.100". */
const formatSpread = (value: { mean: number | null; sd: number | null }) => (value.mean === null ? '—' : `${value.mean.toFixed(3)}${value.sd === null ? '' : ` ± ${value.sd.toFixed(3)}`}`);

/** A benchmark's replicates together: each method's scores per trait as mean ± sd over the datasets, and its pooled F1 compared. */
export function DiscoveryAcrossDatasets({ datasetCount, across }: { datasetCount: number; across: AcrossDatasets }) {
  return (
    <Card
      title={`Across ${datasetCount} datasets`}
      description="Each method's scores per trait over the datasets (replicates): mean ± standard deviation. Precision is left out of a dataset where the method called nothing."
    >
      <SimpleTable
        label="Scores across datasets"
        dense
        rows={across.rows}
        rowKey={(row) => `${row.method}/${row.trait}`}
        columns={[
          { header: 'Method', className: 'font-medium', cell: (row) => row.method },
          { header: 'Trait', cell: (row) => row.trait },
          { header: 'Datasets', align: 'right', cell: (row) => row.datasets },
          { header: 'TP', align: 'right', cell: (row) => formatSpread(row.truePositives) },
          { header: 'FP', align: 'right', cell: (row) => formatSpread(row.falsePositives) },
          { header: 'Precision', align: 'right', cell: (row) => formatSpread(row.precision) },
          { header: 'Recall', align: 'right', cell: (row) => formatSpread(row.recall) },
          { header: 'F1', align: 'right', className: 'font-medium', cell: (row) => formatSpread(row.f1) },
        ]}
      />
      <div className="mt-4">
        <BarChart
          labels={across.names}
          series={[
            {
              label: 'F1, traits with known QTL pooled (mean ± sd over datasets)',
              color: SCORE_COLORS.f1,
              values: across.pooledF1.map((value) => value.mean ?? 0),
              errors: across.pooledF1.map((value) => value.sd),
            },
          ]}
          yLabel="F1"
          yMax={1}
          ariaLabel="F1 of each method across datasets"
        />
      </div>
    </Card>
  );
}
