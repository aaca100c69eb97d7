import { createRoute, z } from '@hono/zod-openapi';
import { fileListQuerySchema, fileUploadQuerySchema, storedFileSchema } from '../../../contract/files';
import { idParamsSchema as idParams, pageOf } from '../../../contract/list';
import { errorResponses, jsonContent } from '../../http/openapi';

const tags = ['Files'];
/** Uploads larger than this are refused with 413 (the uploads page states it). */
export const MAX_UPLOAD_BYTES = 20 * 1024 ** 3;

export const list = createRoute({
  method: 'get',
  path: '/files',
  tags,
  summary: 'Stored files: uploads and run outputs',
  request: { query: fileListQuerySchema },
  responses: { 200: jsonContent(pageOf(storedFileSchema), 'A page of files, newest first'), ...errorResponses(400, 401) },
});

export const upload = createRoute({
  method: 'post',
  path: '/files',
  tags,
  summary: 'Upload one file (the request body is the file, streamed to storage)',
  request: { query: fileUploadQuerySchema },
  responses: { 201: jsonContent(storedFileSchema, 'The stored file'), ...errorResponses(400, 401, 413) },
});

export const download = createRoute({
  method: 'get',
  path: '/files/{id}/download',
  tags,
  summary: 'The file’s bytes',
  request: { params: idParams },
  responses: { 200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().describe('bytes') } } }, ...errorResponses(400, 401, 404) },
});
