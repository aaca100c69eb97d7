import type { ReportNumber, ReportTable, RunReport } from '../../../contract/reports';
import { counted } from '../../../contract/wording';
import { ROUTES, viewRoute } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { ReportChartView } from './ReportChartView';
import { formatIntervalOf, formatMeasuredCell, formatNumberOf, measuredColumns } from './report-format';

/**
 * The numbers of a report, grouped under their label (CV r: one per trait). A number its pipeline
 * says not to read as it is (genomic-control λ above 1.1) is marked, its note said once below.
 */
function ReportNumbers({ numbers }: { numbers: ReportNumber[] }) {
  const cautions = new Map<string, string[]>();
  for (const number of numbers) if (number.caution) cautions.set(number.caution, [...(cautions.get(number.caution) ?? []), `${number.key} ${formatNumberOf(number)}`]);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]" aria-label="Summary numbers">
        {numbers.map((number) => (
          <ReportNumberTile key={number.key} number={number} />
        ))}
      </dl>
      {[...cautions].map(([note, values]) => (
        <p key={note} role="note" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="report-caution">
          <span className="font-medium">{values.join(', ')}.</span> {note}
        </p>
      ))}
    </>
  );
}

function ReportNumberTile({ number }: { number: ReportNumber }) {
  return (
    <div className={`min-w-0 rounded-lg px-3 py-3 ring-1 sm:px-4 ${number.caution ? 'bg-amber-50 ring-amber-300' : 'bg-stone-50 ring-stone-200'}`} data-testid="report-number" data-key={number.key}>
      <dt className="text-xs text-stone-600">
        {number.label}
        {number.group !== null && <span className="ml-1 font-medium text-stone-800">· {number.group}</span>}
      </dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-stone-900" title={number.file ? `From ${number.file}` : undefined}>
        {formatNumberOf(number)}
        {number.caution && (
          <>
            <span className="ml-1 text-sm text-amber-800" aria-hidden="true">
              ⚠
            </span>
            <span className="sr-only">(read the note below)</span>
          </>
        )}
      </dd>
      {number.interval && (
        <dd className="mt-0.5 text-xs tabular-nums text-stone-600" data-testid="report-interval">
          {formatIntervalOf(number)}
        </dd>
      )}
    </div>
  );
}

interface TableRow {
  index: number;
  cells: string[];
}

function ReportTableView({ table }: { table: ReportTable }) {
  const rows: TableRow[] = table.rows.map((cells, index) => ({ index, cells }));
  const measured = measuredColumns(table.rows, table.columns.length);
  const title = table.group === null ? table.title : `${table.title} · ${table.group}`;
  const description = `${table.file}${table.sortedBy ? `, by ${table.sortedBy}` : ''} · ${table.rows.length === table.totalRows ? counted(table.totalRows, 'row') : `top ${table.rows.length} of ${counted(table.totalRows, 'row')}`}`;
  return (
    <Card title={title} description={description}>
      {table.rows.length === 0 ? (
        <p className="text-sm text-stone-500">No rows.</p>
      ) : (
        <SimpleTable
          label={title}
          dense
          rowKey={(row) => row.index}
          rows={rows}
          columns={table.columns.map((header, column) => ({
            header,
            align: measured[column] ? 'right' : 'left',
            className: 'tabular-nums text-stone-700 whitespace-nowrap',
            cell: (row: TableRow) => {
              const accessionId = column === table.accessionColumn ? table.accessionIds?.[row.index] : null;
              const written = row.cells[column] ?? '';
              const shown = formatMeasuredCell(written, measured[column]!);
              return accessionId ? (
                <a className="text-emerald-800 hover:underline" href={viewRoute(ROUTES.accessionView, accessionId)}>
                  {written}
                </a>
              ) : shown === written ? (
                written
              ) : (
                // Every digit the pipeline wrote is a pointer away (and in the file).
                <span title={written}>{shown}</span>
              );
            },
          }))}
        />
      )}
    </Card>
  );
}

function Previews({ previews }: { previews: RunReport['previews'] }) {
  return (
    <Card title="Reports" description="Files the pipeline names as its reports, each opened in the browser">
      <ul className="grid gap-1 text-sm">
        {previews.map((preview) => (
          <li key={preview.path}>
            <span className="font-medium text-stone-800">{preview.title}</span>{' '}
            {preview.fileId !== null ? (
              <a className="font-mono text-xs text-emerald-800 hover:underline" href={viewRoute(ROUTES.filePreview, preview.fileId)}>
                {preview.path}
              </a>
            ) : (
              <span className="font-mono text-xs text-stone-600">{preview.path} (opens once the run has succeeded and its outputs are stored)</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

const DATASET_KINDS: Record<RunReport['datasets'][number]['kind'], string> = { files: 'fileset', 'known-gdip': 'known GDIP dataset', 'prediction-data': 'prediction dataset' };

/** The filesets holding the run's outputs: a simulation's datasets open on their board, other filesets on their page. */
function Datasets({ datasets }: { datasets: RunReport['datasets'] }) {
  if (datasets.length === 0) return null;
  return (
    <Card title="Datasets" description="Filesets holding this run's outputs: the datasets it registered open on their boards, to benchmark methods on them">
      <ul className="grid gap-1 text-sm" aria-label="Datasets from this run">
        {datasets.map((dataset) => (
          <li key={dataset.id}>
            <a className="text-emerald-800 hover:underline" href={viewRoute(dataset.kind === 'files' ? ROUTES.filesetView : ROUTES.datasetBoard, dataset.id)}>
              {dataset.name}
            </a>
            <span className="ml-2 text-xs text-stone-500">{DATASET_KINDS[dataset.kind]}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The Results tab: what the pipeline declares in its report.json, computed on the server from the
 * run's outputs: summary numbers, charts and tables. Read again as the run's outputs change.
 */
export default function RunResults({ runId, refreshKey, ended }: { runId: number; refreshKey: string; ended: boolean }) {
  const { data: report, error, reload, loading } = useRequest<RunReport>(`runs/${runId}/report`, refreshKey);
  if (error && !report) return <LoadError what="the results" error={error} onRetry={reload} />;
  if (!report) return <p className="text-sm text-stone-500">Computing the results…</p>;
  if (!report.declared) {
    return (
      <div className="grid gap-6">
        <Card title="Results">
          <p className="text-sm text-stone-600" data-testid="no-report">
            {report.problems[0] ??
              `This pipeline (${report.pipelineId}) shows no summary of its results here: its files are on the Outputs tab. An administrator can give it one, a report.json beside its pipeline.json (Docs → Administrator guide → The pipeline catalogue).`}
          </p>
        </Card>
        <Datasets datasets={report.datasets} />
      </div>
    );
  }
  const nothingYet = report.numbers.every((number) => number.value === null) && report.charts.length === 0 && report.tables.length === 0;
  // A run that failed before writing any of it: one sentence, not a missing file per part of the report.
  if (report.status === 'FAILED' && nothingYet) {
    return (
      <Card title="Results">
        <p className="text-sm text-stone-600" data-testid="no-results">
          The run failed before it wrote its results: why is said above, and the whole story is on the Logs tab. What it wrote is on the Outputs tab.
        </p>
      </Card>
    );
  }
  return (
    <div className="grid gap-6" aria-busy={loading}>
      {!ended && <p className="text-sm text-stone-600">The run has not ended: the results fill in as it writes its outputs.</p>}
      {report.problems.length > 0 && (ended || !nothingYet) && (
        <div role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-medium">Part of the report could not be made:</p>
          <ul className="mt-1 list-disc pl-5">
            {report.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {report.numbers.length > 0 && (
        <Card title="Summary">
          <ReportNumbers numbers={report.numbers} />
        </Card>
      )}
      {report.charts.length > 0 && (
        <div className="grid gap-6 xl:grid-cols-2">
          {report.charts.map((chart) => (
            <Card key={`${chart.title}/${chart.file}/${chart.facet ?? ''}`}>
              <ReportChartView chart={chart} />
            </Card>
          ))}
        </div>
      )}
      {report.tables.map((table) => (
        <ReportTableView key={`${table.title}/${table.file}/${table.group ?? ''}`} table={table} />
      ))}
      {report.previews.length > 0 && <Previews previews={report.previews} />}
      <Datasets datasets={report.datasets} />
    </div>
  );
}
