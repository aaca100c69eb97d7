import { CV_FOLDS_COLUMNS, CV_SCHEMES, type CvScheme } from '../../../contract/cv-folds';
import type { FileStore } from '../../storage/file-store';

/** Bytes enough for the header and the first row of a folds file (an id and an environment of 200 characters each). */
const HEAD_BYTES = 4096;

/**
 * The scheme a dataset's folds file was made with, read from its first row (every row names the
 * same one), or why it cannot be: a file that is not a folds file is named with the fix.
 */
export async function foldsScheme(files: FileStore, fileId: number): Promise<{ scheme: CvScheme } | { problem: string }> {
  const { file, storage, key } = await files.locate(fileId);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key, { start: 0, end: HEAD_BYTES - 1 })) chunks.push(Buffer.from(chunk));
  const [header = '', first = ''] = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const scheme = first.split(',')[0]?.trim() as CvScheme;
  if (header.trim() !== CV_FOLDS_COLUMNS.join(',') || !CV_SCHEMES.includes(scheme))
    return { problem: `${file.name} is not a folds file (${CV_FOLDS_COLUMNS.join(',')} with a scheme of ${CV_SCHEMES.join(', ')}); register the dataset again with a cross-validation scheme.` };
  return { scheme };
}
