import { lazy, Suspense, type ReactNode } from 'react';
import { BIOLOGICAL_STATUS_CODES } from '../../../contract/breeding-codes';
import { ConsoleShell } from '../../app/ConsoleShell';
import { launchMenu } from '../../app/navigation';
import { launchForRoute, launchRoute } from '../../app/routes';
import { MENU_PIPELINES } from '../../../contract/launch-menu';
import { formatDateTime } from '../../lib/format';
import { useRecordId } from '../../lib/use-record-id';
import { useRequest } from '../../lib/use-request';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { useDeleteAndLeave } from '../../ui/use-delete-and-leave';
import { EditDeleteActions } from '../../ui/EditDeleteActions';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { ViewLink } from '../../ui/ViewLink';
import { DeleteRecordDialog } from './DeleteRecordDialog';
import { ENTITIES, humanize, type EntityKey, type FieldSpec, type Row } from './entities';
import type { RelatedList } from './RelatedRecords';
const EntityFormDialog = lazy(() => import('./EntityFormDialog'));
// What a record's page shows beyond its fields loads after the record: each kind has its own.
const PlannedCrosses = lazy(() => import('./PlannedCrosses').then((module) => ({ default: module.PlannedCrosses })));
const AccessionCrosses = lazy(() => import('./AccessionCrosses').then((module) => ({ default: module.AccessionCrosses })));
const AccessionLineageCard = lazy(() => import('./AccessionRelations').then((module) => ({ default: module.AccessionLineageCard })));
const AccessionExperiments = lazy(() => import('./AccessionRelations').then((module) => ({ default: module.AccessionExperiments })));
const AccessionFiles = lazy(() => import('./AccessionFiles').then((module) => ({ default: module.AccessionFiles })));
const AccessionPredictions = lazy(() => import('../results/AccessionPredictions').then((module) => ({ default: module.AccessionPredictions })));
const ExperimentEntries = lazy(() => import('./ExperimentEntries').then((module) => ({ default: module.ExperimentEntries })));
const FilesTable = lazy(() => import('../files/FilesTable').then((module) => ({ default: module.FilesTable })));
const RunsTable = lazy(() => import('../runs/RunsTable').then((module) => ({ default: module.RunsTable })));
const RelatedRecords = lazy(() => import('./RelatedRecords').then((module) => ({ default: module.RelatedRecords })));

/** Opens a pipeline's launch form with this project, or this experiment and its project, chosen. */
function LaunchFor({ projectId, experimentId, what }: { projectId: number; experimentId?: number; what: string }) {
  return (
    <select
      aria-label={`Launch a pipeline for this ${what}`}
      className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm text-stone-800"
      value=""
      onChange={(event) => {
        if (event.target.value) window.location.assign(launchForRoute(event.target.value, projectId, experimentId));
      }}
    >
      <option value="">Launch a pipeline for this {what}…</option>
      {MENU_PIPELINES.map((pipelineId) => (
        <option key={pipelineId} value={pipelineId}>
          {launchMenu.entries.find((entry) => entry.href === launchRoute(pipelineId))?.label ?? pipelineId}
        </option>
      ))}
    </select>
  );
}

/** Which lists a record's page shows: the records of other kinds that point at it. */
const RELATED: Partial<Record<EntityKey, RelatedList[]>> = {
  projects: [
    { entity: 'experiments', filter: 'projectId', title: 'Experiments' },
    { entity: 'cross-plans', filter: 'projectId', title: 'Cross plans' },
  ],
  sites: [{ entity: 'experiments', filter: 'siteId', title: 'Experiments at this site' }],
};

function ReferenceName({ field, value }: { field: FieldSpec; value: unknown }) {
  const { path, nameField } = field.reference!;
  const target = Object.values(ENTITIES).find((spec) => spec.path === path)!;
  const { data } = useRequest<Row>(value ? `${path}/${String(value)}` : null);
  if (!value) return <span className="text-stone-400">—</span>;
  return (
    <ViewLink route={target.viewRoute} id={String(value)}>
      {data ? String(data[nameField]) : `#${String(value)}`}
    </ViewLink>
  );
}

function display(field: FieldSpec, value: unknown): ReactNode {
  if (field.kind === 'reference') return <ReferenceName field={field} value={value} />;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <span className="text-stone-400">—</span>;
  if (Array.isArray(value)) return value.join(', ');
  if (field.name === 'biologicalStatusOfAccessionCode') return `${String(value)} — ${BIOLOGICAL_STATUS_CODES[value as keyof typeof BIOLOGICAL_STATUS_CODES] ?? ''}`;
  if (field.kind === 'select') return humanize(String(value));
  return String(value);
}

function EntityView({ entity }: { entity: EntityKey }) {
  const spec = ENTITIES[entity];
  const id = useRecordId();
  const edit = useEditDialog();
  const deletion = useDeleteAndLeave(spec.listRoute);
  const { data: row, error, reload } = useRequest<Row>(id ? `${spec.path}/${id}` : null, edit.version);

  if (id === undefined) return null;
  if (id === null) return <LoadError what={spec.noun} error={new Error(`this page needs ?id= with the ${spec.noun}'s number`)} onRetry={() => window.location.assign(spec.listRoute)} />;
  if (error) return <LoadError what={spec.noun} error={error} onRetry={reload} back={{ href: spec.listRoute, label: `See all ${spec.what}` }} />;
  if (!row) return <LoadingOverlay />;

  return (
    <div className="grid gap-6">
      <Card
        title={String(row[spec.nameField])}
        description={`${humanize(spec.noun)} · created ${formatDateTime(String(row.createdAt))} · updated ${formatDateTime(String(row.updatedAt))}`}
        actions={<EditDeleteActions onEdit={edit.open} onDelete={deletion.ask} />}
      >
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          {spec.fields.map((field) => (
            <div key={field.name}>
              <dt className="text-stone-500">{field.label}</dt>
              <dd className="mt-0.5 font-medium text-stone-900" data-field={field.name}>
                {display(field, row[field.name])}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Suspense fallback={null}>
        {entity === 'cross-plans' && <PlannedCrosses planId={row.id} />}
        {entity === 'accessions' && (
          <>
            <AccessionLineageCard accessionId={row.id} />
            <AccessionCrosses accessionId={row.id} />
            <AccessionExperiments accessionId={row.id} />
            <AccessionPredictions accessionId={row.id} />
            <AccessionFiles accessionId={row.id} />
            {/* Beside the card above, which finds files by the names in them: these are filed under its experiments. */}
            <section aria-label="Files of its experiments">
              <h2 className="mb-2 text-lg font-semibold text-stone-900">Files of its experiments</h2>
              <p className="mb-2 text-sm text-stone-600">The files stored for the experiments it is an entry of: their genotypes, phenotypes and results.</p>
              <FilesTable
                fixedFilters={{ accessionId: String(row.id) }}
                emptyHint="No files stored for its experiments yet. Files that name it anywhere are listed under Files and runs naming it, above."
              />
            </section>
          </>
        )}
        {entity === 'experiments' && <ExperimentEntries experimentId={row.id} />}
        {RELATED[entity] && <RelatedRecords lists={RELATED[entity]} recordId={row.id} />}
        {(entity === 'projects' || entity === 'experiments') && (
          <>
            <section aria-label="Runs">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-lg font-semibold text-stone-900">Runs</h2>
                {entity === 'projects' ? (
                  <LaunchFor projectId={row.id} what="project" />
                ) : typeof row.projectId === 'number' ? (
                  <LaunchFor projectId={row.projectId} experimentId={row.id} what="experiment" />
                ) : null}
              </div>
              <RunsTable fixedFilters={{ [entity === 'projects' ? 'projectId' : 'experimentId']: String(row.id) }} />
            </section>
            <section aria-label="Files">
              <h2 className="mb-2 text-lg font-semibold text-stone-900">Files</h2>
              <FilesTable fixedFilters={{ [entity === 'projects' ? 'projectId' : 'experimentId']: String(row.id) }} />
            </section>
          </>
        )}
      </Suspense>
      {edit.editing && (
        <Suspense fallback={null}>
          <EntityFormDialog spec={spec} row={row} onClose={edit.close} onSaved={edit.saved} />
        </Suspense>
      )}
      <DeleteRecordDialog
        spec={spec}
        row={deletion.asking ? row : null}
        busy={deletion.busy}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.remove(`${spec.path}/${row.id}`, `Deleted ${spec.noun} ${String(row[spec.nameField])}`)}
      />
    </div>
  );
}

export default function EntityViewPage({ entity }: { entity: EntityKey }) {
  const spec = ENTITIES[entity];
  return (
    <ConsoleShell title={humanize(spec.noun)} route={spec.viewRoute} backHref={spec.listRoute} backLabel={spec.title}>
      <EntityView entity={entity} />
    </ConsoleShell>
  );
}
