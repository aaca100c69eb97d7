import { lazy, Suspense } from 'react';
import type { StoredFile } from '../../../contract/files';
import { fileSuits, type ParameterField } from './schema-form';

/** The picker loads beside the form, not before it: the launch page's first load stays within its budget. */
const StoredFileSearch = lazy(() => import('../files/StoredFileSearch').then((module) => ({ default: module.StoredFileSearch })));

/**
 * A launch form's file parameter: stored files of the types the pipeline names for it (or of its
 * MIME type) whose names fit its pattern, or one uploaded in place. The parameter holds the
 * file's reference (seedbed://files/<id>), never its path on the server.
 */
export function FileParameter({
  field,
  fileTypes,
  value,
  onChoose,
  describedBy,
}: {
  field: ParameterField;
  /** The file types the parameter takes (pipeline.json's inputFileTypes); none: any of its MIME type. */
  fileTypes: string[];
  value: string;
  onChoose: (file: StoredFile) => void;
  describedBy: string;
}) {
  return (
    <Suspense fallback={<p className="text-sm text-stone-500">Loading the stored files…</p>}>
      <StoredFileSearch
        name={field.name}
        fileTypes={fileTypes}
        mimeType={field.schema.mimetype}
        accept={(file) => fileSuits(field, file)}
        value={value}
        onChoose={onChoose}
        describedBy={describedBy}
      />
    </Suspense>
  );
}
