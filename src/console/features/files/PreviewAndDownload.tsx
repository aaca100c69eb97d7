import { ROUTES } from '../../app/routes';
import { downloadStoredFile } from '../../lib/download';
import { Button } from '../../ui/Button';
import { ViewLink } from '../../ui/ViewLink';

/** A stored file's Preview link and Download button, as every list of stored files offers them (the caller lays them out). */
export function PreviewAndDownload({ file }: { file: { id: number; name: string } }) {
  return (
    <>
      <ViewLink route={ROUTES.filePreview} id={file.id} className="text-xs">
        Preview
      </ViewLink>
      <Button size="sm" onClick={() => void downloadStoredFile(file.id, file.name)}>
        Download
      </Button>
    </>
  );
}
