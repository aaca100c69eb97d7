import { missingColumns, missingColumnsHint, requiredColumnsText } from '../../../contract/file-detection';
import type { FileTypeRecord } from '../../../contract/records';
import { withArticle } from '../../../contract/wording';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { SimpleTable } from '../../ui/SimpleTable';
import { UploadProgressCell } from './UploadProgressCell';
import { selectClass } from './UploadDestinationCard';
import type { QueuedFile } from './upload-queue';
import type { UploadQueue } from './use-upload-all';

/** A queued file's name, with the choice to use a stored copy of the same bytes, or, once stored twice, to keep the first. */
function FileCell({ item, queue, onKeepEarlierCopy }: { item: QueuedFile; queue: UploadQueue; onKeepEarlierCopy: (item: QueuedFile) => void }) {
  const earlier = item.sameBytes[0];
  return (
    <div className="grid gap-1">
      <span className="break-all font-mono text-xs">{item.file.name}</span>
      {earlier && item.status === 'ready' && (
        <label className="flex items-center gap-2 text-xs text-amber-800">
          <input type="checkbox" className="accent-emerald-700" checked={item.useStored} onChange={(event) => queue.change(item.key, { useStored: event.target.checked })} />
          Same bytes as the stored {earlier.name} ({formatDateTime(earlier.createdAt)}): use it instead of uploading again
        </label>
      )}
      {item.status === 'stored' && earlier && item.stored && item.stored.id !== earlier.id && (
        <span className="flex flex-wrap items-center gap-2 text-xs text-amber-800">
          Same bytes as the stored {earlier.name} ({formatDateTime(earlier.createdAt)}).
          <Button size="sm" variant="ghost" onClick={() => onKeepEarlierCopy(item)}>
            Keep that one, delete this copy
          </Button>
        </span>
      )}
    </div>
  );
}

/** A file's type: chosen (detected at first) until its upload starts, then said. */
function TypeCell({ item, queue, types }: { item: QueuedFile; queue: UploadQueue; types: FileTypeRecord[] | undefined }) {
  if (item.status !== 'ready' && item.status !== 'failed' && item.status !== 'checking') {
    return types?.find((type) => type.id === item.fileTypeId)?.name ?? item.stored?.fileTypeName ?? '—';
  }
  const chosen = types?.find((type) => type.id === item.fileTypeId);
  const missing = chosen && item.header ? missingColumns(chosen, item.header) : [];
  return (
    <div className="grid gap-1">
      <select
        aria-label={`File type of ${item.file.name}`}
        className={selectClass}
        value={item.fileTypeId ?? ''}
        onChange={(event) => queue.chooseType(item.key, event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Choose a type</option>
        {types?.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
      {/* What the chosen type is, and the columns its check will ask the file's header for. */}
      {chosen && (chosen.description || chosen.requiredColumns.length > 0) && (
        <span className="max-w-64 text-xs text-stone-500" data-testid={`type-needs-${item.file.name}`}>
          {chosen.description}
          {chosen.requiredColumns.length > 0 && <> Needs the columns {requiredColumnsText(chosen.requiredColumns)}.</>}
        </span>
      )}
      {/* Said before the upload, not only in its refusal after: the header lacks what the type needs. */}
      {chosen && missing.length > 0 && (
        <span role="status" className="max-w-64 text-xs text-amber-800" data-testid={`type-lacks-${item.file.name}`}>
          This file's header lacks {requiredColumnsText(missing)}, so it will be refused as {withArticle(chosen.name)}: add {missing.length === 1 ? 'the column' : 'the columns'}
          {missingColumnsHint(missing)}, or choose another type.
        </span>
      )}
    </div>
  );
}

/** What can be done with a queued file in its state: pause, resume, cancel or remove it. */
function ActionsCell({ item, queue }: { item: QueuedFile; queue: UploadQueue }) {
  const name = item.file.name;
  return (
    <div className="flex justify-end gap-2">
      {item.status === 'uploading' && (
        <Button size="sm" onClick={() => queue.pause(item.key)} aria-label={`Pause ${name}`}>
          Pause
        </Button>
      )}
      {item.status === 'paused' && (
        <Button size="sm" onClick={() => queue.resume(item.key)} aria-label={`Resume ${name}`}>
          Resume
        </Button>
      )}
      {(item.status === 'uploading' || item.status === 'paused') && (
        <Button size="sm" variant="ghost" onClick={() => void queue.cancel(item.key)} aria-label={`Cancel ${name}`}>
          Cancel
        </Button>
      )}
      {(item.status === 'ready' || item.status === 'failed' || item.status === 'cancelled') && (
        <Button size="sm" variant="ghost" onClick={() => queue.remove(item.key)} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      )}
    </div>
  );
}

/** The files to upload, each with its type, its progress and its actions. */
export function UploadQueueTable({ queue, types, onKeepEarlierCopy }: { queue: UploadQueue; types: FileTypeRecord[] | undefined; onKeepEarlierCopy: (item: QueuedFile) => void }) {
  return (
    <SimpleTable<QueuedFile>
      label="Files to upload"
      rows={queue.items}
      rowKey={(item) => item.key}
      alignTop
      columns={[
        { header: 'File', cell: (item) => <FileCell item={item} queue={queue} onKeepEarlierCopy={onKeepEarlierCopy} /> },
        { header: 'Type', cell: (item) => <TypeCell item={item} queue={queue} types={types} /> },
        { header: 'Progress', cell: (item) => <UploadProgressCell item={item} /> },
        { header: 'Actions', srOnly: true, align: 'right', cell: (item) => <ActionsCell item={item} queue={queue} /> },
      ]}
    />
  );
}
