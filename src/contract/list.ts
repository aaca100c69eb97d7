import { z } from 'zod';

import { MAX_INT32, recordId } from './fields';
import type { ListDefinition } from './list-definitions';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** `page` and `pageSize` of every paged list (BrAPI's names; pages count from 0). */
export const pagingQueryShape = {
  page: z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(0, 'Pages count from 0').max(MAX_INT32, `Pages go up to ${MAX_INT32}`).default(0),
  pageSize: z.coerce.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(1, 'At least 1').max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}`).default(DEFAULT_PAGE_SIZE),
};

export { recordId };
export const idParamsSchema = z.object({ id: recordId });

/**
 * The query of a list: paging, then sorting and search as its definition declares them, then its
 * filters, each the value schema of one filter the definition names (no more, no fewer).
 */
export function listQuerySchema<const Sort extends string, Filter extends string, Filters extends { [Name in Filter]: z.ZodType }>(
  definition: ListDefinition<Sort, Filter>,
  filters: Filters & Record<Exclude<keyof Filters, Filter>, never>,
) {
  const { sortable, defaultSort, defaultOrder, search } = definition;
  return z.object({
    ...pagingQueryShape,
    sort: z.enum(sortable, { error: `Sort by one of: ${sortable.join(', ')}` }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: 'Order is asc or desc' }).default(defaultOrder),
    q: z
      .string()
      .trim()
      .max(200, 'At most 200 characters')
      .optional()
      .describe(`Part of the ${search.join(', ')} (any case)`),
    ...filters,
  });
}

/** The paging, sort and search part of every list query, as `listQuerySchema` gives it. */
export interface ListQuery<Sort extends string = string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: 'asc' | 'desc';
  q?: string | undefined;
}

export type { Pagination } from './paging';

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export function pagination(currentPage: number, pageSize: number, totalCount: number) {
  return { currentPage, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}
