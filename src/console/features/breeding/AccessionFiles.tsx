import type { AccessionFile, AccessionFiles as Named } from '../../../contract/lineage';
import { counted } from '../../../contract/wording';
import { ROUTES } from '../../app/routes';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { ViewLink } from '../../ui/ViewLink';
import { StatusBadge } from '../runs/status';

const TITLE = 'Files and runs naming it';
const DESCRIPTION = 'Stored files whose individuals (a VCF’s samples, a table’s id column) are its name or a synonym, in any case, and the runs that read them.';

function RunsThatRead({ file }: { file: AccessionFile }) {
  if (file.runs.length === 0) return <span className="text-stone-400">none yet</span>;
  return (
    <ul className="grid gap-1">
      {file.runs.map((run) => (
        <li key={`${run.id}/${run.parameter}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <ViewLink route={ROUTES.runView} id={run.id}>
            {run.name}
          </ViewLink>
          <StatusBadge status={run.status} />
          <span className="text-xs text-stone-500">
            {run.pipelineId}, as <code className="font-mono">{run.parameter}</code>
          </span>
        </li>
      ))}
      {file.readCount > file.runs.length && <li className="text-xs text-stone-500">and {(file.readCount - file.runs.length).toLocaleString('en-US')} more</li>}
    </ul>
  );
}

/** Four columns from sm up, one under the other on a phone (each with its label there), in one list. */
const ROW = 'grid gap-1 px-6 sm:grid-cols-[minmax(0,5fr)_minmax(0,2fr)_minmax(0,3fr)_minmax(0,5fr)] sm:gap-4';
const PHONE_LABEL = 'text-stone-500 sm:hidden';

function FileRow({ file }: { file: AccessionFile }) {
  return (
    <li className={`${ROW} py-3 text-sm`}>
      <div className="min-w-0">
        {/* A file's page is its lineage: the run that made it, from which files, and the runs that read it. */}
        <ViewLink route={ROUTES.lineage} id={`file:${file.id}`} className="font-mono text-xs wrap-anywhere">
          {file.name}
        </ViewLink>
        <div className="text-xs text-stone-500">
          {formatBytes(file.sizeBytes)} ·{' '}
          {file.producedBy ? (
            <>
              written by run{' '}
              <ViewLink route={ROUTES.runView} id={file.producedBy.id}>
                {file.producedBy.name}
              </ViewLink>
            </>
          ) : (
            'uploaded'
          )}{' '}
          · {formatDateTime(file.createdAt)}
        </div>
      </div>
      <div>
        <span className={PHONE_LABEL}>Type: </span>
        {file.fileTypeName ?? <span className="text-stone-400">untyped</span>}
      </div>
      <div>
        <span className={PHONE_LABEL}>Names it as </span>
        {file.matched.map((match) => `${match.name} (${match.as === 'name' ? 'its name' : 'a synonym'})`).join(', ')}
      </div>
      <div className="flex flex-wrap items-baseline gap-x-2 sm:block">
        <span className={PHONE_LABEL}>Read by</span>
        <RunsThatRead file={file} />
      </div>
    </li>
  );
}

function countLine(data: Named): string {
  if (data.total === 0) return '';
  if (data.total > data.data.length) return `The newest ${data.data.length.toLocaleString('en-US')} of the ${data.total.toLocaleString('en-US')} files that name it.`;
  return `${counted(data.total, 'file')} ${data.total === 1 ? 'names' : 'name'} it.`;
}

/** An accession's page: the stored files that name it (genotypes, phenotypes, trials, predictions) and the runs that read each. */
export function AccessionFiles({ accessionId }: { accessionId: number }) {
  const { data, error, loading, reload } = useRequest<Named>(`accessions/${accessionId}/files`);
  if (error)
    return (
      <Card title={TITLE} description={DESCRIPTION}>
        <LoadError what="the files naming it" error={error} onRetry={reload} />
      </Card>
    );
  if (!data)
    return (
      <Card title={TITLE} description={DESCRIPTION}>
        <p className="text-sm text-stone-500" role="status">
          Looking for the files that name it…
        </p>
      </Card>
    );
  return (
    <Card title={TITLE} description={DESCRIPTION}>
      <div className="grid gap-3" data-testid="accession-files">
        {data.unindexed > 0 && (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <span>
              {counted(data.unindexed, 'stored file')} {data.unindexed === 1 ? 'is' : 'are'} still being read for the individuals {data.unindexed === 1 ? 'it names' : 'they name'}: this list may be
              incomplete.
            </span>
            <Button size="sm" onClick={reload} busy={loading} className="ml-auto">
              Look again
            </Button>
          </div>
        )}
        {data.total === 0 ? (
          <p className="text-sm text-stone-500" data-testid="no-accession-files">
            No stored file names it yet. Genotype VCFs with a sample of this name, and phenotype, field trial or prediction tables with it in their id column, will show here (by its name or a
            synonym), with the runs that read them.
          </p>
        ) : (
          <>
            <p className="text-sm text-stone-600">{countLine(data)}</p>
            <ul aria-label="Files naming it" className="-mx-6 divide-y divide-stone-100">
              <li aria-hidden="true" className={`${ROW} hidden py-2 text-xs font-medium tracking-wide text-stone-500 uppercase sm:grid`}>
                <span>File</span>
                <span>Type</span>
                <span>Names it as</span>
                <span>Read by</span>
              </li>
              {data.data.map((file) => (
                <FileRow key={file.id} file={file} />
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
