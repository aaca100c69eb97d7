import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChooseFileButton } from '../../ui/ChooseFileButton';

/** Files dropped on it or chosen with its button are handed to `onFiles`. */
function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const add = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0) onFiles(files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone's keyboard path is the Choose files button inside it
    <div
      data-testid="drop-zone"
      className={`grid place-items-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm ${dragging ? 'border-emerald-600 bg-emerald-50' : 'border-stone-300 text-stone-600'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        add(event.dataTransfer.files);
      }}
    >
      <p>Drop VCF, CSV, model and other result files here</p>
      <ChooseFileButton multiple testId="upload-files" onFiles={onFiles}>
        Choose files…
      </ChooseFileButton>
    </div>
  );
}

/** The Files card: where files are dropped or chosen, the button that uploads the waiting ones, and the queue under it. */
export function UploadFilesCard({
  waitingCount,
  canUpload,
  running,
  onUpload,
  onFiles,
  children,
}: {
  waitingCount: number;
  canUpload: boolean;
  running: boolean;
  onUpload: () => void;
  onFiles: (files: File[]) => void;
  /** The queue, shown under the drop zone once it holds a file. */
  children: ReactNode;
}) {
  return (
    <Card
      title="Files"
      description="Uploads are resumable: a dropped connection, a pause or a reload continues where it stopped."
      actions={
        <Button variant="primary" onClick={onUpload} busy={running} disabled={!canUpload}>
          {waitingCount > 0 ? `Upload ${waitingCount} file${waitingCount === 1 ? '' : 's'}` : 'Upload'}
        </Button>
      }
    >
      <DropZone onFiles={onFiles} />
      {children && <div className="mt-4">{children}</div>}
    </Card>
  );
}
