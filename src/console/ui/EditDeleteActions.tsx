import { Button } from './Button';

/** A record page's own actions: Edit opens its edit dialog, Delete asks before it deletes. */
export function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button onClick={onEdit}>Edit</Button>
      <Button variant="danger" onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
