import type { StoredFile } from '../../../contract/files';
import { StoredFileSearch } from '../files/StoredFileSearch';
import { fileSuits, type ParameterField } from './schema-form';

/**
 * A launch form's file parameter: stored files of the types the pipeline names for it (or of its
 * MIME type) whose names fit its pattern, or one uploaded in place. The parameter holds the
 * file's path on the server.
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
    <StoredFileSearch name={field.name} fileTypes={fileTypes} mimeType={field.schema.mimetype} accept={(file) => fileSuits(field, file)} value={value} onChoose={onChoose} describedBy={describedBy} />
  );
}
