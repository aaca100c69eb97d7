import type { AccessionCrossRecord } from '../../../contract/records';
import { ROUTES } from '../../app/routes';
import { LoadedListCard } from '../../ui/ListCard';
import { linkColumn, type SimpleColumn } from '../../ui/SimpleTable';

const CROSS_COLUMNS: Array<SimpleColumn<AccessionCrossRecord>> = [
  linkColumn({ header: 'Cross plan', route: ROUTES.crossPlanView, id: (cross) => cross.crossPlanId, name: (cross) => cross.crossPlanName }),
  { header: 'As', cell: (cross) => (cross.role === 'female' ? '♀ female' : '♂ male') },
  { header: 'Cross', className: 'font-mono text-xs', cell: (cross) => `${cross.femaleParentName} × ${cross.maleParentName ?? '—'}` },
  { header: 'Type', cell: (cross) => cross.crossType },
  { header: 'Crosses', className: 'tabular-nums', cell: (cross) => cross.numberOfCrosses },
  { header: 'Status', cell: (cross) => cross.status },
];

/** Where an accession is used as a parent: its planned progeny, by cross plan. */
export function AccessionCrosses({ accessionId }: { accessionId: number }) {
  return (
    <LoadedListCard
      path={`accessions/${accessionId}/crosses`}
      what="crosses"
      title="Planned progeny"
      description="Crosses in cross plans where this accession is a parent."
      empty="Not a parent in any cross plan yet."
      columns={CROSS_COLUMNS}
    />
  );
}
