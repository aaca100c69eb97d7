import { RECORD_ID, useQueryParam } from './use-query-param';

/**
 * The `?id=` of a detail page (`/project/view?id=42`): undefined until the address has been read
 * (pages are prerendered without it), null when it is missing or not a record number.
 */
export const useRecordId = (): string | null | undefined => useQueryParam('id', RECORD_ID);
