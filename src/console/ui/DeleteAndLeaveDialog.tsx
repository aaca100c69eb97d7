import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import type { useDeleteAndLeave } from './use-delete-and-leave';

/**
 * The confirmation a record's page asks before its delete (`deletion.ask()` opens it): confirmed,
 * it deletes `path` and leaves for the list, where `done` is the toast.
 */
export function DeleteAndLeaveDialog({
  deletion,
  title,
  confirmLabel = 'Delete',
  path,
  done,
  children,
}: {
  deletion: ReturnType<typeof useDeleteAndLeave>;
  title: string;
  confirmLabel?: string;
  path: string;
  done: string;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog open={deletion.asking} title={title} confirmLabel={confirmLabel} busy={deletion.busy} onCancel={deletion.cancel} onConfirm={() => void deletion.remove(path, done)}>
      {children}
    </ConfirmDialog>
  );
}
