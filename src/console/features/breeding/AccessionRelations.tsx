import { useState } from 'react';
import type { AccessionExperimentList, AccessionLineage, ProgenyPage } from '../../../contract/records';
import { Button } from '../../ui/Button';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { humanize } from './entities';
import { ViewLink } from '../../ui/ViewLink';

const PROGENY_PAGE_SIZE = 50;

type NamedParent = NonNullable<AccessionLineage['parents']>['female'];

function Parent({ label, parent }: { label: string; parent: NamedParent }) {
  return (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-stone-900" data-parent={label}>
        {parent === null ? (
          <span className="text-stone-400">unknown</span>
        ) : parent.accessionId ? (
          <ViewLink route={ROUTES.accessionView} id={parent.accessionId}>
            {parent.name}
          </ViewLink>
        ) : (
          <span title="No accession has this name: it is a cross or a line not in Seedbed">{parent.name}</span>
        )}
      </dd>
    </div>
  );
}

/** Its progeny, a page at a time with their total: a parent used in thousands of crosses stays a short page. */
function AccessionProgeny({ accessionId }: { accessionId: number }) {
  const [page, setPage] = useState(0);
  const { data, error, loading, reload } = useRequest<ProgenyPage>(`accessions/${accessionId}/progeny?page=${page}&pageSize=${PROGENY_PAGE_SIZE}`);
  if (error) return <LoadError what="progeny" error={error} onRetry={reload} />;
  if (!data) return null;
  const { totalCount, totalPages } = data.pagination;
  const first = page * PROGENY_PAGE_SIZE + 1;
  return (
    <>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-stone-800">Progeny ({totalCount.toLocaleString()})</h3>
      {totalCount === 0 ? (
        <p className="text-sm text-stone-500">No accession names it as a parent in its pedigree.</p>
      ) : (
        <>
          <SimpleTable
            label="Progeny"
            dense
            rows={data.data}
            rowKey={(child) => child.id}
            columns={[
              {
                header: 'Accession',
                cell: (child) => (
                  <ViewLink route={ROUTES.accessionView} id={child.id}>
                    {child.germplasmName}
                  </ViewLink>
                ),
              },
              { header: 'As', cell: (child) => (child.role === 'female' ? '♀ female' : '♂ male') },
              { header: 'Pedigree', className: 'font-mono text-xs', cell: (child) => child.pedigree },
            ]}
          />
          {totalPages > 1 && (
            <nav aria-label="Progeny pages" className="mt-2 flex items-center gap-2 text-sm text-stone-600" aria-busy={loading}>
              <span role="status">
                {first.toLocaleString()}–{(first + data.data.length - 1).toLocaleString()} of {totalCount.toLocaleString()}
              </span>
              <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button size="sm" disabled={page + 1 >= totalPages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}

/** Parents from the accession's Purdy pedigree and the cross plans that plan them, and the accessions whose pedigree names it. */
export function AccessionLineageCard({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<AccessionLineage>(`accessions/${accessionId}/lineage`);
  if (error) return <LoadError what="parents and progeny" error={error} onRetry={reload} />;
  if (!data) return null;
  return (
    <Card
      title="Parents and progeny"
      description="Parents from its pedigree (Purdy notation) and the cross plans that plan that cross; progeny are the accessions whose pedigree names it as a parent."
    >
      {data.parents ? (
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <Parent label="♀ Female parent" parent={data.parents.female} />
          <Parent label="♂ Male parent" parent={data.parents.male} />
        </dl>
      ) : (
        <p className="text-sm text-stone-500">Its pedigree names no cross, so its parents are not known here.</p>
      )}
      {data.plannedIn.length > 0 && (
        <p className="mt-3 text-sm text-stone-600" data-planned-in>
          That cross is planned in{' '}
          {data.plannedIn.map((cross, index) => (
            <span key={cross.id}>
              {index > 0 && ', '}
              <ViewLink route={ROUTES.crossPlanView} id={cross.crossPlanId}>
                {cross.crossPlanName}
              </ViewLink>{' '}
              <span className="text-stone-500">
                ({cross.femaleParentName} × {cross.maleParentName}, {cross.status === 'TODO' ? 'to do' : cross.status.toLowerCase()})
              </span>
            </span>
          ))}
          .
        </p>
      )}
      <AccessionProgeny accessionId={accessionId} />
    </Card>
  );
}

/** The experiments an accession is an entry of. */
export function AccessionExperiments({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<AccessionExperimentList>(`accessions/${accessionId}/experiments`);
  if (error) return <LoadError what="experiments" error={error} onRetry={reload} />;
  if (!data) return null;
  return (
    <Card title="Experiments" description="The experiments that test this accession (it is one of their entries).">
      {data.data.length === 0 ? (
        <p className="text-sm text-stone-500">Not an entry of any experiment yet. Add it from an experiment’s page, or import a trial file that lists it.</p>
      ) : (
        <SimpleTable
          label="Experiments"
          dense
          rows={data.data}
          rowKey={(experiment) => experiment.id}
          columns={[
            {
              header: 'Experiment',
              cell: (experiment) => (
                <ViewLink route={ROUTES.experimentView} id={experiment.id}>
                  {experiment.name}
                </ViewLink>
              ),
            },
            {
              header: 'Project',
              cell: (experiment) => (
                <ViewLink route={ROUTES.projectView} id={experiment.projectId}>
                  {experiment.projectName}
                </ViewLink>
              ),
            },
            { header: 'Type', cell: (experiment) => humanize(experiment.studyType) },
            { header: 'Year', className: 'tabular-nums', cell: (experiment) => experiment.year ?? '—' },
          ]}
        />
      )}
    </Card>
  );
}
