import { z } from '@hono/zod-openapi';
import { type ListQuery, pageOf } from '../../../contract/list';
import { LISTS } from '../../../contract/list-definitions';
import { RECORD_LIST_QUERIES, type RecordListKey } from '../../../contract/record-list-queries';
import { deletionImpactSchema } from '../../../contract/records';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** What every record list's query holds: paging, a sort field of its definition, search, and its own filters. */
export type RecordListQuery = ListQuery & Record<string, unknown>;
/** The same without paging: what the export reads. */
export type RecordExportQuery = Omit<ListQuery, 'page' | 'pageSize'> & Record<string, unknown>;

/** A query schema (an object, as OpenAPI parameters are) whose values are `Query`. */
type QuerySchema<Query> = z.ZodObject & z.ZodType<Query>;

/** A record as the API answers it, and as it is written (both checked by the resource's schemas). */
type Values = Record<string, unknown>;

export interface RecordRouteOptions {
  /** Which list: its path, sort fields, search and filters are its definition's (src/contract/list-definitions.ts). */
  list: RecordListKey;
  tag: string;
  /** Singular, lower case: 'file type'. */
  noun: string;
  input: z.ZodType<Values>;
  /** What the API answers for one row: derived from the table (src/contract/records.ts). */
  record: z.ZodType<Values>;
  /** The import template whose columns the export writes, for its description. */
  exportTemplate?: string | undefined;
}

export const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The seven routes of a resource of records — list (paged, sorted, filtered, searched), export,
 * get, deletion, create, replace, delete — declared from its list definition and schemas. Their
 * request types are the ones every resource shares, so one set of handlers serves them all
 * without a cast; the OpenAPI document still shows each resource's own query and bodies.
 */
export function recordRoutes({ list, tag, noun, input, record, exportTemplate }: RecordRouteOptions) {
  const { path } = LISTS[list];
  const queries: { list: QuerySchema<RecordListQuery>; export: QuerySchema<RecordExportQuery> } = RECORD_LIST_QUERIES[list];
  const route = routesTagged(tag);
  return {
    list: route.get(`/${path}`, `List ${noun}s`, {
      request: { query: queries.list },
      responses: { 200: jsonContent(pageOf(record), `A page of ${noun}s`) },
    }),
    get: route.byId.get(`/${path}/{id}`, `One ${noun}`, {
      responses: { 200: jsonContent(record, `The ${noun}`) },
    }),
    create: route.post(`/${path}`, `Create ${article(noun)} ${noun}`, {
      request: { body: jsonBody(input) },
      responses: { 201: jsonContent(record, `The new ${noun}`) },
      errors: [409],
    }),
    replace: route.byId.put(`/${path}/{id}`, `Replace ${article(noun)} ${noun}`, {
      request: { body: jsonBody(input) },
      responses: { 200: jsonContent(record, `The updated ${noun}`) },
      errors: [409],
    }),
    // Without a template, the resource has no export (record-router.ts answers 404), and says so.
    export: route.get(`/${path}/export`, exportTemplate ? `Export the ${noun}s that match the list's search and filters, as a CSV the import reads back` : `No CSV export of ${noun}s (404)`, {
      description: exportTemplate
        ? `The columns are the ${exportTemplate} import template's, other records named rather than numbered; cells a spreadsheet would run as formulas start with a quote, which the import takes off.`
        : `${capitalize(noun)}s have no import template, so no CSV export that would import back: this path answers 404.`,
      request: { query: queries.export },
      responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } } },
      errors: exportTemplate ? [] : [404],
    }),
    deletion: route.byId.get(`/${path}/{id}/deletion`, `What deleting ${article(noun)} ${noun} would delete with it, counted, for its confirmation`, {
      responses: { 200: jsonContent(deletionImpactSchema, 'The rows that go with it') },
    }),
    remove: route.byId.delete(`/${path}/{id}`, `Delete ${article(noun)} ${noun}; refused while other records use it`, {
      responses: { 204: { description: 'Deleted' } },
      errors: [409],
    }),
  };
}
