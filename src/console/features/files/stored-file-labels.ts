import type { StoredFile } from '../../../contract/files';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';

/**
 * What tells stored files apart. A run's outputs share their names (every GDIP run writes
 * models/gdip_model.json), so the run and when it wrote the file come first (`originOf`); then
 * type, size, and for other files their date and project.
 */
export const originOf = (file: StoredFile) => (file.runName ? `Run ${file.runName}, ${formatDateTime(file.createdAt)}` : null);

export function describeFile(file: StoredFile): string {
  return [file.fileTypeName ?? 'untyped', formatBytes(file.sizeBytes), ...(file.runName ? [] : [formatDate(file.createdAt), file.projectName])].filter(Boolean).join(' · ');
}
