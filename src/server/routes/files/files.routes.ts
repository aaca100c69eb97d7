import { createRoute } from '@hono/zod-openapi';
import {
  downloadLinkSchema,
  fileBytesHeadersSchema,
  fileRangeUnsatisfiableHeadersSchema,
  fileBytesSchema,
  fileListQuerySchema,
  fileUploadQuerySchema,
  fileUseListSchema,
  signedDownloadQuerySchema,
  storedFileSchema,
} from '../../../contract/files';
import { idParamsSchema as idParams, pageOf } from '../../../contract/list';
import { errorResponses, jsonContent } from '../../http/openapi';

const tags = ['Files'];

const bytes = (description: string) => ({
  description,
  headers: fileBytesHeadersSchema,
  content: { 'application/octet-stream': { schema: fileBytesSchema } },
});

/** A range that starts past the end of the file: nothing is sent, and Content-Range gives the file's size. */
const unsatisfiable = { description: 'The range asked for lies outside the file', headers: fileRangeUnsatisfiableHeadersSchema };

export const list = createRoute({
  method: 'get',
  path: '/files',
  tags,
  summary: 'Stored files: uploads and run outputs, newest first, searched and filtered on the server',
  request: { query: fileListQuerySchema },
  responses: { 200: jsonContent(pageOf(storedFileSchema), 'A page of files'), ...errorResponses(400, 401) },
});

export const get = createRoute({
  method: 'get',
  path: '/files/{id}',
  tags,
  summary: 'One stored file',
  request: { params: idParams },
  responses: { 200: jsonContent(storedFileSchema, 'The file'), ...errorResponses(400, 401, 404) },
});

export const upload = createRoute({
  method: 'post',
  path: '/files',
  tags,
  summary: 'Upload one file in one request (the body is the file, streamed to storage). For large files use the resumable tus endpoint /uploads',
  request: { query: fileUploadQuerySchema },
  responses: { 201: jsonContent(storedFileSchema, 'The stored file'), ...errorResponses(400, 401, 413) },
});

export const uses = createRoute({
  method: 'get',
  path: '/files/{id}/uses',
  tags,
  summary: 'What still uses the file: runs that read or wrote it, filesets that hold it',
  request: { params: idParams },
  responses: { 200: jsonContent(fileUseListSchema, 'Its uses'), ...errorResponses(400, 401, 404) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/files/{id}',
  tags,
  summary: 'Delete a stored file and its bytes; 409 names what still uses it',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404, 409) },
});

export const link = createRoute({
  method: 'post',
  path: '/files/{id}/link',
  tags,
  summary: 'A short-lived link to the bytes that needs no token, for the browser to download itself',
  request: { params: idParams },
  responses: { 200: jsonContent(downloadLinkSchema, 'The link and when it stops working'), ...errorResponses(400, 401, 404) },
});

export const download = createRoute({
  method: 'get',
  path: '/files/{id}/download',
  tags,
  summary: 'The file’s bytes, streamed; a Range header asks for part of them',
  request: { params: idParams },
  responses: { 200: bytes('The file'), 206: bytes('The range asked for'), 416: unsatisfiable, ...errorResponses(400, 401, 404) },
});

export const content = createRoute({
  method: 'get',
  path: '/files/{id}/content',
  tags,
  summary: 'The file’s bytes through a signed link from POST /files/{id}/link (no token); Range is honoured',
  security: [],
  request: { params: idParams, query: signedDownloadQuerySchema },
  responses: { 200: bytes('The file'), 206: bytes('The range asked for'), 416: unsatisfiable, ...errorResponses(400, 403, 404) },
});
