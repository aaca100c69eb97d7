import { isImportable } from '../../../contract/breeding-codes';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { viewRoute } from '../../app/routes';
import { notify, notifyAfterNavigation } from '../../app/notify';
import { request } from '../../lib/api';
import { Button } from '../../ui/Button';
import { RowMenu } from '../../ui/RowMenu';
import { displayColumn, LazyDataTable } from '../../ui/data-table/LazyDataTable';
import { apiQuery, parseTableState } from '../../ui/data-table/table-state';
import { downloadText } from '../../lib/download';
import { DeleteRecordDialog } from './DeleteRecordDialog';
import { ENTITIES, type EntityKey, type EntitySpec, type ImportSpec, PEDIGREE_IMPORT, type Row } from './entities';

// The form and its schema load when a form opens, not with the list.
const EntityFormDialog = lazy(() => import('./EntityFormDialog'));
const ImportDialog = lazy(() => import('./ImportDialog'));

/**
 * Every row matching the list's current search, filters and sort (read from the URL), as the
 * server writes it: the import template's columns, other records by name, so it imports back.
 */
async function exportCsv(spec: EntitySpec): Promise<void> {
  const state = parseTableState(window.location.search, { sort: spec.list.defaultSort, sortable: spec.list.sortable, filterNames: Object.keys(spec.list.filters) });
  const query = new URLSearchParams(apiQuery({ ...state, page: 0, pageSize: 1 }));
  query.delete('page');
  query.delete('pageSize');
  const csv = await request<string>(`${spec.path}/export?${query}`);
  downloadText(`${spec.path}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  const rows = csv.split('\r\n').length - 2;
  notify.success(`Exported ${spec.what}${rows >= 0 ? ` (${rows.toLocaleString()} rows)` : ''}`);
}

export function BreedingList({ spec }: { spec: EntitySpec }) {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  // The list's own import, or the pedigrees of its accessions (the accessions list only).
  const [importing, setImporting] = useState<ImportSpec | null>(null);
  const [version, setVersion] = useState(0);

  const columns = useMemo(() => {
    return [
      ...spec.columns,
      displayColumn<Row>({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: (info) => {
          const name = String(info.row.original[spec.nameField]);
          return (
            <div className="flex justify-end">
              <RowMenu
                label={`Actions for ${name}`}
                items={[
                  { label: 'Open', href: viewRoute(spec.viewRoute, info.row.original.id) },
                  { label: 'Edit…', onSelect: () => setEditing(info.row.original) },
                  { label: 'Delete…', onSelect: () => setDeleting(info.row.original), tone: 'danger' },
                ]}
              />
            </div>
          );
        },
      }),
    ];
  }, [spec]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await request(`${spec.path}/${deleting.id}`, 'DELETE');
      notify.success(`Deleted ${spec.noun} ${String(deleting[spec.nameField])}`);
      setVersion((value) => value + 1);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap justify-end gap-2">
        {isImportable(spec.key) && <Button onClick={() => setImporting(spec)}>Import CSV or Excel</Button>}
        {spec.key === 'accessions' && <Button onClick={() => setImporting(PEDIGREE_IMPORT)}>Import pedigrees</Button>}
        <Button onClick={() => exportCsv(spec).catch((error: Error) => notify.error(error.message))}>Export CSV</Button>
        <Button variant="primary" onClick={() => setEditing(null)}>
          New {spec.noun}
        </Button>
      </div>
      <LazyDataTable<Row> urlState list={spec.list} what={spec.what} columns={columns} searchPlaceholder={spec.searchPlaceholder} emptyHint={spec.emptyHint} refreshKey={version} />
      {editing !== undefined && (
        <Suspense fallback={null}>
          <EntityFormDialog
            spec={spec}
            row={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(saved) => {
              // A new cross plan is made to be filled in: go straight to its grid of crosses.
              if (editing === null && spec.key === 'cross-plans') {
                notifyAfterNavigation('success', `Created cross plan ${String(saved[spec.nameField])}: add or paste its crosses below`);
                window.location.assign(viewRoute(spec.viewRoute, saved.id));
                return;
              }
              setEditing(undefined);
              setVersion((value) => value + 1);
            }}
          />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            spec={importing}
            onClose={() => setImporting(null)}
            onImported={() => {
              setImporting(null);
              setVersion((value) => value + 1);
            }}
          />
        </Suspense>
      )}
      <DeleteRecordDialog spec={spec} row={deleting} busy={busy} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </>
  );
}

export default function BreedingListPage({ entity }: { entity: EntityKey }) {
  const spec = ENTITIES[entity];
  return (
    <ConsoleShell title={spec.title} route={spec.listRoute}>
      <BreedingList spec={spec} />
    </ConsoleShell>
  );
}
