import type { StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { MAX_PAGE_SIZE } from '../../../contract/paging';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';

/** What a reference names: the stored file, or `deleted` when the server no longer has it. */
export type ReferencedFile = StoredFile | 'deleted';

/**
 * The stored files that parameters refer to, by id: one request per thousand distinct files
 * (the files list narrowed by `ids`), however many parameters or runs name them; a file the
 * list does not return is `deleted`. Until they are loaded (or if loading fails) the map is
 * empty and the references show as they are.
 */
export function useReferencedFiles(fileIds: number[]): Map<number, ReferencedFile> {
  const distinct = [...new Set(fileIds)].sort((a, b) => a - b);
  const key = distinct.join(',');
  const { data } = useRequest<Map<number, ReferencedFile>>(
    distinct.length === 0
      ? null
      : async () => {
          const found = new Map<number, ReferencedFile>(distinct.map((id) => [id, 'deleted']));
          for (let start = 0; start < distinct.length; start += MAX_PAGE_SIZE) {
            const ids = distinct.slice(start, start + MAX_PAGE_SIZE);
            const page = await request<Page<StoredFile>>(`files?ids=${ids.join(',')}&pageSize=${ids.length}`);
            for (const file of page.data) found.set(file.id, file);
          }
          return found;
        },
    key,
  );
  return data ?? new Map();
}
