import type { StoredFile } from '../../../contract/files';
import { RequestError, request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';

/** What a reference names: the stored file, or `deleted` when the server no longer has it. */
export type ReferencedFile = StoredFile | 'deleted';

/**
 * The stored files that parameters refer to, by id: each file is asked for once, however many
 * parameters or runs name it; a file the server answers 404 for is `deleted`. Until they are
 * loaded (or if loading fails) the map is empty and the references show as they are.
 */
export function useReferencedFiles(fileIds: number[]): Map<number, ReferencedFile> {
  const distinct = [...new Set(fileIds)].sort((a, b) => a - b);
  const key = distinct.join(',');
  const { data } = useRequest<Map<number, ReferencedFile>>(
    distinct.length === 0
      ? null
      : async () =>
          new Map(
            await Promise.all(
              distinct.map(async (id): Promise<[number, ReferencedFile]> => {
                try {
                  return [id, await request<StoredFile>(`files/${id}`)];
                } catch (error) {
                  if (error instanceof RequestError && error.status === 404) return [id, 'deleted'];
                  throw error;
                }
              }),
            ),
          ),
    key,
  );
  return data ?? new Map();
}
