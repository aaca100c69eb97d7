import { useState } from 'react';
import type { AccessionExperiment, AccessionLineage, ProgenyPage } from '../../../contract/records';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { Pager } from '../../ui/data-table/Pager';
import { LoadError } from '../../ui/LoadError';
import { LoadedListCard } from '../../ui/ListCard';
import { linkColumn, type SimpleColumn, SimpleTable } from '../../ui/SimpleTable';
import { humanize } from './entities';
import { ViewLink } from '../../ui/ViewLink';

const PROGENY_PAGE_SIZE = 50;

type Progeny = ProgenyPage['data'][number];
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
  const { totalCount } = data.pagination;
  return (
    <>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-stone-800">Progeny ({totalCount.toLocaleString()})</h3>
      {totalCount === 0 ? (
        <p className="text-sm text-stone-500">No accession names it as a parent in its pedigree.</p>
      ) : (
        <>
          <SimpleTable<Progeny>
            label="Progeny"
            dense
            rows={data.data}
            rowKey={(child) => child.id}
            columns={[
              linkColumn({ header: 'Accession', route: ROUTES.accessionView, id: (child) => child.id, name: (child) => child.germplasmName }),
              { header: 'As', cell: (child) => (child.role === 'female' ? '♀ female' : '♂ male') },
              { header: 'Pedigree', className: 'font-mono text-xs', cell: (child) => child.pedigree },
            ]}
          />
          {data.pagination.totalPages > 1 && <Pager label="Progeny pages" pagination={data.pagination} page={page} onPage={setPage} busy={loading} />}
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

const EXPERIMENT_COLUMNS: Array<SimpleColumn<AccessionExperiment>> = [
  linkColumn({ header: 'Experiment', route: ROUTES.experimentView, id: (experiment) => experiment.id, name: (experiment) => experiment.name }),
  linkColumn({ header: 'Project', route: ROUTES.projectView, id: (experiment) => experiment.projectId, name: (experiment) => experiment.projectName }),
  { header: 'Type', cell: (experiment) => humanize(experiment.studyType) },
  { header: 'Year', className: 'tabular-nums', cell: (experiment) => experiment.year ?? '—' },
];

/** The experiments an accession is an entry of. */
export function AccessionExperiments({ accessionId }: { accessionId: number }) {
  return (
    <LoadedListCard
      path={`accessions/${accessionId}/experiments`}
      what="experiments"
      title="Experiments"
      description="The experiments that test this accession (it is one of their entries)."
      empty="Not an entry of any experiment yet. Add it from an experiment’s page, or import a trial file that lists it."
      columns={EXPERIMENT_COLUMNS}
    />
  );
}
