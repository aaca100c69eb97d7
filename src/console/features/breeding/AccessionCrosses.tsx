import { SimpleTable } from '../../ui/SimpleTable';
import { ROUTES } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import type { AccessionCrossList } from '../../../contract/records';
import { ViewLink } from '../../ui/ViewLink';

/** Where an accession is used as a parent: its planned progeny, by cross plan. */
export function AccessionCrosses({ accessionId }: { accessionId: number }) {
  const { data, error, reload } = useRequest<AccessionCrossList>(`accessions/${accessionId}/crosses`);
  if (error) return <LoadError what="crosses" error={error} onRetry={reload} />;
  if (!data) return null;
  return (
    <Card title="Planned progeny" description="Crosses in cross plans where this accession is a parent.">
      {data.data.length === 0 ? (
        <p className="text-sm text-stone-500">Not a parent in any cross plan yet.</p>
      ) : (
        <SimpleTable
          label="Planned progeny"
          dense
          rows={data.data}
          rowKey={(cross) => cross.id}
          columns={[
            {
              header: 'Cross plan',
              cell: (cross) => (
                <ViewLink route={ROUTES.crossPlanView} id={cross.crossPlanId}>
                  {cross.crossPlanName}
                </ViewLink>
              ),
            },
            { header: 'As', cell: (cross) => (cross.role === 'female' ? '♀ female' : '♂ male') },
            { header: 'Cross', className: 'font-mono text-xs', cell: (cross) => `${cross.femaleParentName} × ${cross.maleParentName ?? '—'}` },
            { header: 'Type', cell: (cross) => cross.crossType },
            { header: 'Crosses', className: 'tabular-nums', cell: (cross) => cross.numberOfCrosses },
            { header: 'Status', cell: (cross) => cross.status },
          ]}
        />
      )}
    </Card>
  );
}
