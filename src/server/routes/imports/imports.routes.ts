import { z } from '@hono/zod-openapi';
import type { ImportableResource } from '../../../contract/breeding-codes';
import { apiErrorSchema } from '../../../contract/errors';
import { importQuerySchema as importQuery, importReportSchema, importResultSchema } from '../../../contract/imports';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';
import { XLSX_MIME_TYPE } from './table-reader';

const DESCRIPTION = [
  'The body is the file: CSV (text/csv) or an Excel workbook (.xlsx). Columns may be named as in Seedbed’s template, in BrAPI v2.1 or as in Breedbase’s upload files; the report says which vocabulary it recognised, how each header was read and which columns it ignored.',
  'Without `commit=true` nothing is written and the report lists every problem by row and column. With it, all rows are written in one transaction, or none; warnings must be accepted with `acceptWarnings=true`.',
  'An Excel 97–2003 file (.xls) is refused with a message to save it as .xlsx or CSV.',
].join('\n\n');

const route = routesTagged('Imports');

/** The import of one breeding list: the same request and answers for all six. */
export function importRoute(resource: ImportableResource) {
  return route.post(`/${resource}/import`, `Validate, and optionally commit, a CSV or .xlsx file of ${resource.replace('-', ' ')}`, {
    description: DESCRIPTION,
    request: {
      query: importQuery,
      body: {
        content: { 'text/csv': { schema: z.string() }, [XLSX_MIME_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
        required: true,
      },
    },
    responses: {
      200: jsonContent(importResultSchema, 'The validation report'),
      201: jsonContent(importResultSchema, 'Committed; `report.created` records written (an experiment of many plot rows, a cross plan of many crosses, counts once)'),
      // Its own 400, which carries the report: the shared one is left out for it.
      400: jsonContent(apiErrorSchema.extend({ report: importReportSchema.optional() }), 'The file has errors (the report lists them), or cannot be read'),
    },
    // 429: the readers' queue is full (table-workers.ts).
    errors: [409, 413, 429],
  });
}
export type ImportRoute = ReturnType<typeof importRoute>;
