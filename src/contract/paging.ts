/** Paging of every list (BrAPI's names; pages count from 0), without zod for the pages that only read it. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 50;

export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/** A page of any list, as every list route answers it (`pageOf(item)` in list.ts is its schema). */
export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
