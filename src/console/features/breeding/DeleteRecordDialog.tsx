import type { DeletionImpact } from '../../../contract/records';
import { useRequest } from '../../lib/use-request';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import type { EntitySpec, Row } from './entities';

/** "36 entries", "36 entries and 2 runs": what the server counted, in one phrase. */
const listed = (impact: DeletionImpact) => impact.deletes.map((entry) => entry.text).join(' and ');

/**
 * The confirmation of a delete, saying what goes with the record ("Delete experiment AYT and its 36
 * entries?"), counted by the server when the dialog opens.
 */
export function DeleteRecordDialog({ spec, row, busy, onCancel, onConfirm }: { spec: EntitySpec; row: Row | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { data, error, reload } = useRequest<DeletionImpact>(row ? `${spec.path}/${row.id}/deletion` : null);
  const name = String(row?.[spec.nameField] ?? '');
  const impact = data && data.name === name ? data : undefined;
  const title = impact && impact.deletes.length > 0 ? `Delete ${spec.noun} ${name} and its ${listed(impact)}?` : `Delete ${spec.noun} ${name}?`;
  return (
    <ConfirmDialog open={row !== null} title={title} confirmLabel="Delete" busy={busy} onCancel={onCancel} onConfirm={onConfirm}>
      {error ? (
        <LoadError what={`what goes with this ${spec.noun}`} error={error} onRetry={reload} />
      ) : !impact ? (
        <span role="status">Counting what is deleted with it…</span>
      ) : impact.deletes.length > 0 ? (
        <>
          Its {listed(impact)} {impact.deletes.length === 1 && impact.deletes[0]!.count === 1 ? 'is' : 'are'} deleted with it; this cannot be undone. Seedbed refuses if other records still use it.
        </>
      ) : (
        <>{name} will be deleted. Seedbed refuses if other records still use it.</>
      )}
    </ConfirmDialog>
  );
}
